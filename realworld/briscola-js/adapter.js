#!/usr/bin/env node
// regola engine-protocol adapter for calogxro/briscola.js (Briscola for two).
//
// Usage: node adapter.js CHECKOUT   (CHECKOUT: the program's tree at its commit).
//
// What it drives. The program's game core is lib/game.js: `new Briscola(players,
// deck)`, `start()` (deals three rounds of one card each, from the end of the
// deck array, the first player first), `result(card)` (the player to move plays
// that card; once both have played, the trick is cleared, a winner chosen and
// both draw, winner first), `player()`, `actions()` (the cards of the player to
// move) and `terminal_test()`. app.js builds it with players ["MAX", "MIN"] and
// lets two random players play one hand; the adapter does the same, with the
// trace's choices instead of random ones.
//
// Cards: the program's number is suit * 10 + rank (lib/game.js Card.suit and
// Card.rank; its card images are web/img/cards/<suit>/<rank>). The adapter
// reads suits 0-3 as d c s b and ranks 0-9 as A 2 3 4 5 6 7 J H K. The
// program never looks at a card's suit or rank (it compares no cards), so any
// one-to-one reading gives the same play.
// Seats: "MAX" (players[0], dealt first, leads first) is seat 1, "MIN" is
// seat 0, as regola's first hand has seat 0 deal and seat 1 lead.
//
// The deal. The program deals from the end of the deck array it is given and
// takes deck[0], the bottom card, as trumps (drawn last). The adapter gives it
// the trace's deck order reversed (the top card last), so its own dealing
// gives the trace's hands; the trump it turns is the trace's bottom card,
// which is the program's house rule `deal.indicator = bottom` (declared in
// hello, with `match.kind = single`: the program plays one hand).
//
// Chance. The program's only chance is `_.random` (Math.random), with which it
// picks every trick's winner (lib/game.js:114). The adapter does not choose
// the winner: it replaces Math.random with a seeded generator (the same seed
// at every `new`) so that a run can be repeated.
//
// Views (omniscient only). to_move (player(); null once terminal_test() is
// true), trump (the suit of the trump card), indicator (the trump card while
// it is still in the deck), stock and stock_size (the deck without the trump
// card while it lies there), hands, hand_sizes (the program's own n_cards),
// trick, leader (the first card's player, else the player to move), last_trick
// (the state the program keeps from before the trick was cleared, with its
// trick_winner), won and points (each hand's won_cards and score). `legal`:
// actions() as plays of the player to move.
//
// What it cannot do. Not reported: phase, hand_number, dealer, tricks_played,
// result and match (the program has none of them), stock_top (left out: the
// stock is reported whole), variant and seat (echoes). No seat views: the
// program's table shows both hands. Refused "by construction": a play by the
// player not to move (result() takes only a card and plays it for the player
// to move), a card that is not in the pack, a seat outside 0-1, a shuffle (the
// program plays one hand) and every action other than a play.
"use strict";

const path = require("path");
const readline = require("readline");

const CHECKOUT = path.resolve(process.argv[2] || ".");
const { Briscola } = require(path.join(CHECKOUT, "lib", "game.js"));

const SUITS = ["d", "c", "s", "b"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"];
const PLAYERS = ["MAX", "MIN"];
const SEAT = { MAX: 1, MIN: 0 };
const PLAYER = ["MIN", "MAX"];
const HOUSE = { "deal.indicator": "bottom", "match.kind": "single" };
const SEED = 20190716;

const FIELDS = [
  "to_move", "trump", "indicator", "stock", "stock_size", "hands", "hand_sizes",
  "trick", "leader", "last_trick", "won", "points",
];

// --- a seeded Math.random (mulberry32) --------------------------------------
let rngState = SEED;
Math.random = function () {
  rngState = (rngState + 0x6d2b79f5) | 0;
  let t = Math.imul(rngState ^ (rngState >>> 15), 1 | rngState);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const cardId = n => RANKS[n % 10] + SUITS[Math.floor(n / 10)];
function cardNum(id) {
  if (typeof id !== "string" || id.length !== 2) return null;
  const r = RANKS.indexOf(id[0]);
  const s = SUITS.indexOf(id[1]);
  return r < 0 || s < 0 ? null : s * 10 + r;
}
// regola's order of a hand: suits d c s b, faces A 2 3 4 5 6 7 J H K
const sortKey = id => SUITS.indexOf(id[1]) * 10 + RANKS.indexOf(id[0]);
const sortCards = ids => ids.slice().sort((a, b) => sortKey(a) - sortKey(b));

class Refusal {
  constructor(code, message, rule = null) {
    this.code = code;
    this.message = message;
    this.rule = rule;
  }
}
const inexpressible = why =>
  new Refusal("illegal", `cannot be expressed through the engine's interface: ${why}`);

let game = null;

function validDeck(deck) {
  if (!Array.isArray(deck) || deck.length !== 40) return false;
  const nums = deck.map(cardNum);
  return !nums.some(c => c === null) && new Set(nums).size === 40;
}

function view() {
  const terminal = game.terminal_test();
  const pid = game.player();
  const trumpThere = game.deck.length > 0 && game.deck[0] === game.trump;
  const stock = game.deck.slice(trumpThere ? 1 : 0).reverse().map(cardId);
  const hands = [null, null];
  const sizes = [null, null];
  const won = [null, null];
  const points = [null, null];
  for (const p of PLAYERS) {
    const h = game.hands[p];
    hands[SEAT[p]] = sortCards(h.cards.filter(c => c !== null).map(cardId));
    sizes[SEAT[p]] = h.n_cards;
    won[SEAT[p]] = h.won_cards.map(cardId);
    points[SEAT[p]] = h.score;
  }
  const trick = game.trick.map(op => ({ seat: SEAT[op.player_id], card: cardId(op.card) }));
  let leader = null;
  if (trick.length) leader = trick[0].seat;
  else if (!terminal && pid) leader = SEAT[pid];
  let lastTrick = null;
  const before = game._before_reset;
  if (before) {
    lastTrick = {
      winner: SEAT[before.trick_winner],
      cards: before.trick.map(op => ({ seat: SEAT[op.player_id], card: cardId(op.card) })),
    };
  }
  return {
    to_move: terminal || !pid ? null : SEAT[pid],
    trump: SUITS[Math.floor(game.trump / 10)],
    indicator: trumpThere ? cardId(game.trump) : null,
    stock,
    stock_size: stock.length,
    hands,
    hand_sizes: sizes,
    trick,
    leader,
    last_trick: lastTrick,
    won,
    points,
  };
}

function legal() {
  const pid = game.player();
  return game.actions().map(c => ({ type: "play", seat: SEAT[pid], card: cardId(c) }));
}

function apply(action) {
  if (!action || typeof action !== "object" || typeof action.type !== "string") {
    throw new Refusal("bad-request", "apply needs an action object with a type");
  }
  if (action.type === "shuffle") throw inexpressible("the program plays one hand and takes no new deck");
  if (action.type !== "play") throw inexpressible(`the program has no '${action.type}' action`);
  if (!Number.isInteger(action.seat)) throw new Refusal("bad-request", "a play needs an integer 'seat'");
  if (action.seat < 0 || action.seat > 1) throw inexpressible(`there is no player for seat ${action.seat}`);
  const card = cardNum(action.card);
  if (card === null) throw inexpressible(`${JSON.stringify(action.card)} is not a card of the pack`);
  if (PLAYER[action.seat] !== game.player()) {
    throw inexpressible("result(card) plays for the player to move; a play by the other player cannot be sent");
  }
  game.result(card, false);
}

let protocol = 1;
function handle(req) {
  switch (req.cmd) {
    case "hello": {
      const versions = Array.isArray(req.versions) ? req.versions.map(String) : [];
      protocol = versions.includes("1.1") ? "1.1" : 1;
      return {
        protocol,
        engine: "calogxro/briscola.js",
        version: "3698a10",
        variants: ["briscola-2"],
        fields: FIELDS,
        seat_views: false,
        legal: true,
        options: HOUSE,
      };
    }
    case "new": {
      if (req.variant !== "briscola-2") throw new Refusal("unsupported", `the program plays briscola-2 only, not ${req.variant}`);
      const opts = req.options || {};
      for (const [k, v] of Object.entries(opts)) {
        if (HOUSE[k] !== v) throw new Refusal("unsupported", `the program plays its own rules only (${JSON.stringify(HOUSE)}), not ${k} = ${JSON.stringify(v)}`);
      }
      if (!validDeck(req.deck)) throw new Refusal("bad-request", "the deck order is not the 40 cards of the pack");
      rngState = SEED;
      game = new Briscola(PLAYERS.slice(), req.deck.map(cardNum).reverse());
      game.start();
      return {};
    }
    case "apply":
      if (!game) throw new Refusal("bad-request", "apply before new");
      apply(req.action);
      return {};
    case "view":
      if (!game) throw new Refusal("bad-request", "view before new");
      if (req.seat !== null && req.seat !== undefined) throw new Refusal("bad-request", "this engine gives the omniscient view only");
      return { view: view() };
    case "legal":
      if (!game) throw new Refusal("bad-request", "legal before new");
      return { actions: legal() };
    default:
      throw new Refusal("bad-request", `unknown command ${JSON.stringify(req.cmd)}`);
  }
}

const out = s => process.stdout.write(s + "\n");
const input = readline.createInterface({ input: process.stdin });
input.on("line", line => {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    out(JSON.stringify({ id: null, ok: false, error: { code: "bad-request", message: "not JSON" } }));
    return;
  }
  if (!req || typeof req !== "object") {
    out(JSON.stringify({ id: null, ok: false, error: { code: "bad-request", message: "not an object" } }));
    return;
  }
  if (req.cmd === "quit") {
    process.stdout.write(JSON.stringify({ id: req.id, ok: true }) + "\n", () => process.exit(0));
    return;
  }
  let answer;
  try {
    answer = { id: req.id, ok: true, ...handle(req) };
  } catch (err) {
    if (err instanceof Refusal) {
      const error = { code: err.code, message: err.message };
      if (err.code === "illegal") error.rule = err.rule;
      answer = { id: req.id, ok: false, error };
    } else {
      const where = (err && err.stack ? err.stack.split("\n")[1] || "" : "").trim();
      answer = {
        id: req.id,
        ok: false,
        error: { code: protocol === "1.1" ? "crash" : "internal", message: `the engine raised ${err} ${where}` },
      };
    }
  }
  out(JSON.stringify(answer));
});
input.on("close", () => process.exit(0));
