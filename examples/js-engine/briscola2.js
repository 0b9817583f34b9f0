#!/usr/bin/env node
// Briscola for two players, as a regola protocol engine (protocol version 1).
//
// A small, self-contained engine: Node.js 20, no dependencies. It plays the
// variant `briscola-2` with its default options (best of three hands, 60-60
// a draw) and reports every field of regola's canonical view, so the
// conformance suite can check all of it:
//
//   regola conform --engine 'node examples/js-engine/briscola2.js' --variant briscola-2
//
// Requests arrive one JSON object per line on stdin; each answer is one line
// on stdout with the same id. Nothing else is ever written to stdout.

"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const VARIANT = "briscola-2";
const PLAYERS = 2;
const HAND_SIZE = 3;
const HANDS_TO_WIN = 2; // best of three: the first to two hands won

// The Italian 40-card pack. Canonical order is suit by suit (coins, cups,
// swords, batons), face by face in the order below; hands and legal actions
// are listed in that order.
const SUITS = ["d", "c", "s", "b"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"];
const STRENGTH = ["A", "3", "K", "H", "J", "7", "6", "5", "4", "2"]; // strongest first
const POINTS = { A: 11, 3: 10, K: 4, H: 3, J: 2 };

const CARDS = [];
for (const s of SUITS) for (const r of RANKS) CARDS.push(r + s);
const ORDER = new Map(CARDS.map((c, i) => [c, i]));
const rankOf = (c) => c.slice(0, -1);
const suitOf = (c) => c.slice(-1);
const strengthOf = (c) => STRENGTH.length - STRENGTH.indexOf(rankOf(c));
const pointsOf = (c) => POINTS[rankOf(c)] || 0;
const sortCards = (cards) => [...cards].sort((a, b) => ORDER.get(a) - ORDER.get(b));
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

const FIELDS = [
  "variant", "seat", "phase", "hand_number", "dealer", "to_move", "trump",
  "indicator", "stock_size", "stock_top", "hands", "hand_sizes", "trick",
  "leader", "tricks_played", "last_trick", "won", "points", "result", "match",
  "stock",
];

class Illegal extends Error {
  constructor(rule, message) {
    super(message);
    this.rule = rule;
  }
}

class Request extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// --- the game -------------------------------------------------------------

function newMatch() {
  return {
    phase: "shuffle",
    handNumber: 0,
    dealer: 0,
    toMove: null,
    leader: null,
    trump: null,
    indicator: null,
    stock: [],
    hands: [[], []],
    trick: [],
    tricksPlayed: 0,
    lastTrick: null,
    won: [[], []],
    result: null,
    match: { game_points: [0, 0], card_points: [0, 0], hands_played: 0, over: false, winner: null },
  };
}

function deal(g, deck) {
  if (!Array.isArray(deck)) throw new Illegal("briscola.deal.shuffle", "the deck must be a list of card ids");
  const seen = new Set(deck);
  const missing = CARDS.filter((c) => !seen.has(c));
  const foreign = deck.filter((c) => !ORDER.has(c));
  if (deck.length !== CARDS.length || missing.length || foreign.length) {
    throw new Illegal(
      "briscola.deal.shuffle",
      `the deck order must hold each of the 40 cards once (missing: ${missing.join(" ") || "none"})`,
    );
  }
  const pack = [...deck];
  const hands = [[], []];
  // One card at a time, starting with the player after the dealer.
  for (let round = 0; round < HAND_SIZE; round++) {
    for (let i = 1; i <= PLAYERS; i++) hands[(g.dealer + i) % PLAYERS].push(pack.shift());
  }
  const indicator = pack.shift(); // the next card is turned face up
  const leader = (g.dealer + 1) % PLAYERS;
  Object.assign(g, {
    phase: "play",
    hands: hands.map(sortCards),
    indicator,
    trump: suitOf(indicator),
    stock: pack,
    trick: [],
    leader,
    toMove: leader,
    won: [[], []],
    tricksPlayed: 0,
    lastTrick: null,
    result: null,
  });
}

function trickWinner(trick, trump) {
  let [bestSeat, best] = trick[0];
  for (const [seat, card] of trick.slice(1)) {
    if (suitOf(card) === suitOf(best)) {
      if (strengthOf(card) > strengthOf(best)) [bestSeat, best] = [seat, card];
    } else if (suitOf(card) === trump) {
      [bestSeat, best] = [seat, card];
    }
  }
  return bestSeat;
}

function play(g, seat, card) {
  if (!g.hands[seat].includes(card)) {
    const held = g.hands[seat].join(" ") || "empty";
    throw new Illegal("briscola.play.in-hand", `seat ${seat} does not hold ${card} (hand: ${held})`);
  }
  g.hands[seat] = g.hands[seat].filter((c) => c !== card);
  g.trick.push([seat, card]);
  if (g.trick.length < PLAYERS) {
    g.toMove = (seat + 1) % PLAYERS;
    return;
  }
  const winner = trickWinner(g.trick, g.trump);
  g.won[winner].push(...g.trick.map(([, c]) => c));
  g.lastTrick = { winner, cards: g.trick.map(([s, c]) => ({ seat: s, card: c })) };
  g.trick = [];
  g.tricksPlayed += 1;
  g.leader = winner;
  g.toMove = winner;
  // The winner draws first; the face-up indicator is the last card drawn.
  if (g.stock.length || g.indicator) {
    for (let i = 0; i < PLAYERS; i++) {
      const s = (winner + i) % PLAYERS;
      if (g.stock.length) g.hands[s].push(g.stock.shift());
      else if (g.indicator) {
        g.hands[s].push(g.indicator);
        g.indicator = null;
      }
    }
  }
  g.hands = g.hands.map(sortCards);
  if (g.hands.every((h) => h.length === 0)) finishHand(g);
}

function finishHand(g) {
  const points = g.won.map((w) => sum(w.map(pointsOf)));
  const cards = g.won.map((w) => w.length);
  let winner = null;
  if (points[0] !== points[1]) winner = points[0] > points[1] ? 0 : 1;
  const gamePoints = [0, 0];
  if (winner !== null) gamePoints[winner] = 1;
  g.result = {
    points,
    cards,
    outcome: winner === null ? "draw" : "win",
    winner,
    decided_by: winner === null ? null : "majority",
    game_points: gamePoints,
  };
  const m = g.match;
  m.game_points = m.game_points.map((p, i) => p + gamePoints[i]);
  m.card_points = m.card_points.map((p, i) => p + points[i]);
  m.hands_played += 1;
  const reached = m.game_points.findIndex((p) => p >= HANDS_TO_WIN);
  g.toMove = null;
  g.leader = null;
  if (reached >= 0) {
    m.over = true;
    m.winner = reached;
    g.phase = "over";
  } else {
    g.phase = "shuffle";
    g.dealer = (g.dealer + 1) % PLAYERS;
    g.handNumber += 1;
  }
}

function apply(g, action) {
  if (action === null || typeof action !== "object" || Array.isArray(action)) {
    throw new Illegal("briscola.play.phase", "an action must be a JSON object");
  }
  const kinds = { shuffle: ["deck"], play: ["seat", "card"], exchange: ["seat", "card"] };
  if (action.type in kinds) {
    for (const f of kinds[action.type]) {
      if (!(f in action)) throw new Illegal("briscola.play.phase", `the ${action.type} action has no field ${f}`);
    }
    if (action.type !== "shuffle" && (!Number.isInteger(action.seat) || typeof action.card !== "string")) {
      throw new Illegal("briscola.play.phase", "seat must be an integer and card a card id");
    }
  }
  // The actions of the trick games (the bidding games' too) are refused
  // for the end of the match first, once it is over; an action of another
  // family (a capture, a claim) is no action of this game at all.
  const trickGames = ["shuffle", "play", "exchange", "bid", "pass", "call", "discard", "own-call", "show-hand"];
  if (!trickGames.includes(action.type)) {
    throw new Illegal("briscola.play.phase", `unknown action type ${JSON.stringify(action.type)}`);
  }
  if (g.phase === "over") throw new Illegal("briscola.match.end", "the match is over: no further action is possible");
  if (!(action.type in kinds)) {
    throw new Illegal("briscola.play.phase", `no ${action.type} action in Briscola for two`);
  }
  if (action.type === "shuffle") {
    if (g.phase !== "shuffle") throw new Illegal("briscola.play.phase", "a shuffle is only possible between hands");
    deal(g, action.deck);
    return;
  }
  if (g.phase !== "play") {
    throw new Illegal("briscola.play.phase", `no ${action.type} is possible between hands: the next step is a shuffle`);
  }
  if (action.seat !== g.toMove) {
    throw new Illegal("briscola.play.turn", `it is seat ${g.toMove}'s turn, not seat ${action.seat}'s`);
  }
  if (action.type === "exchange") {
    throw new Illegal("briscola.exchange.card", "this variant has no exchange for the indicator");
  }
  play(g, action.seat, action.card);
}

function legal(g) {
  if (g.phase !== "play") return [];
  return g.hands[g.toMove].map((card) => ({ type: "play", seat: g.toMove, card }));
}

function view(g, seat) {
  if (seat !== null && !(Number.isInteger(seat) && seat >= 0 && seat < PLAYERS)) {
    throw new Request("bad-request", `seat ${JSON.stringify(seat)} does not exist: seats are 0..1`);
  }
  const seen = (s) => seat === null || s === seat;
  const v = {
    variant: VARIANT,
    seat,
    phase: g.phase,
    hand_number: g.handNumber,
    dealer: g.dealer,
    to_move: g.toMove,
    trump: g.trump,
    indicator: g.indicator,
    stock_size: g.stock.length,
    stock_top: seat === null && g.stock.length ? g.stock[0] : null,
    hands: g.hands.map((h, s) => (seen(s) ? [...h] : null)),
    hand_sizes: g.hands.map((h) => h.length),
    trick: g.trick.map(([s, c]) => ({ seat: s, card: c })),
    leader: g.leader,
    tricks_played: g.tricksPlayed,
    last_trick: g.lastTrick,
    won: g.won.map((w) => [...w]),
    points: g.won.map((w) => sum(w.map(pointsOf))),
    result: g.result,
    match: g.match,
  };
  if (seat === null) v.stock = [...g.stock];
  return v;
}

// --- the protocol ---------------------------------------------------------

let game = null;

function handle(req) {
  switch (req.cmd) {
    case "hello":
      return {
        protocol: PROTOCOL,
        engine: "briscola2.js",
        version: "1.0.0",
        variants: [VARIANT],
        fields: FIELDS,
        seat_views: true,
        legal: true,
      };
    case "new": {
      if (req.variant !== VARIANT) throw new Request("unsupported", `only ${VARIANT} is played here`);
      if (req.options && Object.keys(req.options).length) {
        throw new Request("unsupported", `only the default options are played here, not ${JSON.stringify(req.options)}`);
      }
      const g = newMatch();
      try {
        deal(g, req.deck);
      } catch (e) {
        if (e instanceof Illegal) throw new Request("bad-request", e.message);
        throw e;
      }
      game = g;
      return {};
    }
    case "apply":
      if (!game) throw new Request("bad-request", "no match: send new first");
      apply(game, req.action);
      return {};
    case "view":
      if (!game) throw new Request("bad-request", "no match: send new first");
      return { view: view(game, req.seat === undefined ? null : req.seat) };
    case "legal":
      if (!game) throw new Request("bad-request", "no match: send new first");
      return { actions: legal(game) };
    default:
      throw new Request("bad-request", `unknown command ${JSON.stringify(req.cmd)}`);
  }
}

function answer(obj, then) {
  process.stdout.write(JSON.stringify(obj) + "\n", then);
}

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  if (!line.trim()) return;
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    answer({ id: null, ok: false, error: { code: "bad-request", message: "the request is not JSON" } });
    return;
  }
  const id = req && typeof req === "object" ? req.id : null;
  if (req && req.cmd === "quit") {
    input.close();
    answer({ id, ok: true }, () => process.exit(0));
    return;
  }
  try {
    answer({ id, ok: true, ...handle(req) });
  } catch (e) {
    if (e instanceof Illegal) {
      answer({ id, ok: false, error: { code: "illegal", rule: e.rule, message: e.message } });
    } else if (e instanceof Request) {
      answer({ id, ok: false, error: { code: e.code, message: e.message } });
    } else {
      answer({ id, ok: false, error: { code: "internal", message: String((e && e.stack) || e) } });
    }
  }
});
input.on("close", () => {});
