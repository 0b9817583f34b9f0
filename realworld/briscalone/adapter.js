#!/usr/bin/env node
// regola engine-protocol adapter for fewf/briscalone (Briscola Chiamata for five).
//
// Usage: node adapter.js CHECKOUT   (CHECKOUT: the program's tree at its commit,
// with its dependencies installed by `npm ci --omit=dev --ignore-scripts`).
//
// What it drives. The program's game core is game/GameEngine.js; its server,
// index.js, is what carries a player's move to it: handleGamePlay checks that
// the message comes from the player to act and is the kind of action due
// (index.js:106-113), then handleGamePlayMessage calls pushBidAction, setSuit
// or pushTrickCard, and starts the next round as soon as a round is over
// (index.js:137-139). The adapter loads index.js itself, with stand-ins for
// express, http and ws (no port is opened), connects five fake websockets as
// the five players, and sends each regola action as the message the program's
// own client sends (app/components/Player.js): {messageType: "bid", message:
// 0-9 | "P" | "Y"}, {messageType: "monkey", message: 0-3}, {messageType:
// "throw", message: card number}. An action the program does not carry out
// (the state is unchanged) is answered `illegal`, with the program's log line
// as the message and no rule (the program names none).
//
// Cards: the program's number is suit * 10 + rank, suits 0-3 = d s h c
// (app/constants/CARDS.js: ♦ ♠ ♥ ♣), ranks 0-9 = 2 3 4 5 6 J Q K T A.
// Seats: the program's player p is regola's seat (p + 1) % 5 (its player 0
// speaks and leads first in round 0, as the player after the dealer does in
// regola's first hand); the program rotates the first player itself.
//
// The deal. The program deals round k from `shuffle(range(40))` (lodash),
// giving shuffle[8p .. 8p+7] to player p. lodash's shuffle is replaced for the
// program's module: it returns the array that the adapter fills with the
// trace's deal, player p's slice holding the hand the trace gives seat p + 1
// (`deal.hands`; protocol 1.1 sends the deal with every shuffle; a shuffle
// sent without a deal, one the rules refuse, goes in as the deck stands). The program
// starts the next round by itself when a round's last card is played; until
// the trace's shuffle arrives that round's array holds the unshuffled pack,
// and the views show the round just finished (phase "shuffle"). When the deck
// is filled in, one player's socket reconnects, which makes the server send
// every player the game again (index.js reconnectSocket).
//
// Views. The omniscient view is read from the program's game object; the view
// of a seat from the last game the server sent to that seat's socket
// (serializeGame hides the cards of the other players that are not yet
// played), loaded with the program's own GameEngine. Reported fields: phase,
// hand_number, to_move, trump, hands, hand_sizes, trick, leader,
// tricks_played, last_trick, won, points, auction (history, high, closed,
// first), contract (bidder, rank, target, called, partner, alone, revealed),
// result (points, cards, outcome, game_points, contract), match (game_points,
// hands_played). In a seat's view the partner is the holder of the called card
// if that seat's data shows it (-1 otherwise: null); `alone` is the program's
// bidderIsPartner where the seat can tell (it holds the card, or it is the
// bidder, or the card is out), else null. result.contract.doubled is false:
// the program never doubles.
//
// What it cannot do. Not reported: dealer (the program has none), indicator,
// stock, stock_size, stock_top (no stock), match.card_points, match.over and
// match.winner (the program has no match, only a running total),
// result.winner and result.decided_by, the auction's passed, table,
// exchange and reopening (no such things in the program), variant and seat
// (echoes). No `legal` list: the program has none (its client draws buttons).
// Refused "by construction" (the program's interface cannot express them):
// a seat outside 0-4; a card, face or suit that is not in the pack; a raise
// other than the next one (the client's only raise is "Y": two points more
// than the current target); a bid of points without a face; exchange,
// capture, claim and the other action types; a shuffle while a round is under
// way (the program deals on its own after a round's last card), a shuffle that
// is not the 40 cards once each, and any move between hands before the next
// deck is given. Options other than the variant's are `unsupported`.
"use strict";

const path = require("path");
const Module = require("module");
const readline = require("readline");

const CHECKOUT = path.resolve(process.argv[2] || ".");
const INDEX = path.join(CHECKOUT, "index.js");
const ENGINE = path.join(CHECKOUT, "game", "GameEngine.js");
const TESTROUND = path.join(CHECKOUT, "tests", "testRound.js");

const SUITS = ["d", "s", "h", "c"];
const RANKS = ["2", "3", "4", "5", "6", "J", "Q", "K", "T", "A"];
// regola's order of a hand (the pack's order: suits h d s c, faces A 2 3 4 5 6 T J Q K)
const SORT_SUITS = ["h", "d", "s", "c"];
const SORT_RANKS = ["A", "2", "3", "4", "5", "6", "T", "J", "Q", "K"];
const N = 5;

const FIELDS = [
  "phase", "hand_number", "to_move", "trump", "hands", "hand_sizes", "trick", "leader",
  "tricks_played", "last_trick", "won", "points",
  "auction.history", "auction.high", "auction.closed", "auction.first",
  "contract.bidder", "contract.rank", "contract.target", "contract.called", "contract.partner",
  "contract.alone", "contract.revealed",
  "result.points", "result.cards", "result.outcome", "result.game_points", "result.contract",
  "match.game_points", "match.hands_played",
];

// --- the program's log goes to a buffer (index.js logs to stdout) ---------
let logLines = [];
console.log = (...args) => {
  logLines.push(args.map(a => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
};

// --- stand-ins for the server's network and its shuffle -------------------
const sim = { wss: null, game: null, sockets: [], awaiting: null, nextOrder: null };

function shuffleStandIn(list) {
  // lodash/shuffle as GameEngine.js calls it: shuffle(range(40))
  if (sim.nextOrder) {
    const out = sim.nextOrder;
    sim.nextOrder = null;
    return out;
  }
  const out = list.slice(); // the unshuffled pack, until the trace's deck comes
  sim.awaiting = out;
  return out;
}

const fakeExpress = Object.assign(() => ({ use() {}, post() {} }), {
  static: () => null,
  json: () => null,
});
const fakeHttp = { createServer: () => ({ listen() {} }) };
class FakeServer {
  constructor() {
    this.handlers = {};
    this.clients = new Set();
    sim.wss = this;
  }
  on(event, fn) {
    this.handlers[event] = fn;
  }
}
const fakeWs = { Server: FakeServer };

class FakeSocket {
  constructor() {
    this.handlers = {};
    this.game = null;
  }
  on(event, fn) {
    this.handlers[event] = fn;
  }
  send(data) {
    if (typeof data !== "string") return;
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (e) {
      return;
    }
    if (msg && typeof msg === "object" && msg.game) this.game = msg.game;
  }
  message(obj) {
    this.handlers.message(JSON.stringify(obj));
  }
}

const realLoad = Module._load;
Module._load = function (request, parent, isMain) {
  const from = parent && parent.filename;
  if (from === INDEX) {
    if (request === "express") return fakeExpress;
    if (request === "http") return fakeHttp;
    if (request === "ws") return fakeWs;
    if (request === "./game/GameEngine") {
      const factory = realLoad.apply(this, arguments);
      return (...args) => (sim.game = factory(...args));
    }
  }
  if (from === ENGINE && request === "lodash/shuffle") return shuffleStandIn;
  return realLoad.apply(this, arguments);
};

function freshServer(order) {
  for (const f of [INDEX, ENGINE, TESTROUND]) delete require.cache[f];
  sim.wss = null;
  sim.game = null;
  sim.sockets = [];
  sim.awaiting = null;
  sim.nextOrder = order;
  const realSetInterval = global.setInterval;
  global.setInterval = () => 0; // index.js pings clients every 30 s
  try {
    require(INDEX);
  } finally {
    global.setInterval = realSetInterval;
  }
  for (let p = 0; p < N; p++) {
    const ws = new FakeSocket();
    sim.wss.handlers.connection(ws);
    ws.message({ messageType: "initialize", message: `player${p}` });
    sim.sockets.push(ws);
  }
  if (!sim.game || !sim.game.rounds.length) throw new Error("the server did not start a round");
}

function rebroadcast() {
  // player 0 drops and reconnects: index.js reconnectSocket sends everyone the game
  const old = sim.sockets[0];
  old.handlers.close();
  const ws = new FakeSocket();
  sim.wss.handlers.connection(ws);
  ws.message({ messageType: "initialize", message: "player0" });
  sim.sockets[0] = ws;
}

// --- translation -----------------------------------------------------------
const seatOf = p => (p + 1) % N;
const playerOf = seat => (seat + N - 1) % N;
const cardId = n => RANKS[n % 10] + SUITS[Math.floor(n / 10)];
function cardNum(id) {
  if (typeof id !== "string" || id.length !== 2) return null;
  const r = RANKS.indexOf(id[0]);
  const s = SUITS.indexOf(id[1]);
  return r < 0 || s < 0 ? null : s * 10 + r;
}
const sortKey = id => SORT_SUITS.indexOf(id[1]) * 10 + SORT_RANKS.indexOf(id[0]);
const sortCards = ids => ids.slice().sort((a, b) => sortKey(a) - sortKey(b));
const perSeat = arr => {
  const out = new Array(N);
  arr.forEach((v, p) => (out[seatOf(p)] = v));
  return out;
};

class Refusal {
  constructor(code, message, rule = null) {
    this.code = code;
    this.message = message;
    this.rule = rule;
  }
}
const inexpressible = why =>
  new Refusal("illegal", `cannot be expressed through the engine's interface: ${why}`);

// --- views -----------------------------------------------------------------
function holderSeat(R, card) {
  const p = R.playerHandsDealt.findIndex(h => h.indexOf(card) !== -1);
  return p < 0 ? null : seatOf(p);
}

function auctionHistory(game, roundData) {
  return roundData.bidActions.map((ba, i) => {
    const seat = seatOf((game.loadRound(roundData).roundFirstPlayerIndex + i) % N);
    if (ba === "P") return { type: "pass", seat };
    if (ba === "Y") {
      // the target this raise named, as the program counts it after it
      const upto = game.loadRound({ ...roundData, bidActions: roundData.bidActions.slice(0, i + 1) });
      return { type: "bid", seat, rank: "2", points: upto.bidPoints };
    }
    return { type: "bid", seat, rank: RANKS[ba] };
  });
}

function buildView(game, seat, between, rounds) {
  // rounds: the game's rounds as the viewer has them; between: the last round
  // is the program's next round, not yet given the trace's deck
  const roundData = between ? rounds[rounds.length - 2] : rounds[rounds.length - 1];
  const R = game.loadRound(roundData);
  const monkey = !isNaN(R.monkeySuit);
  const final = R.isFinal;
  // a seat sees its own hand; another's only as far as the data sent to it
  // shows it (the client draws the seated player's hand alone)
  const handOf = (h, p) => {
    if (seat === null || playerOf(seat) === p) return sortCards(h.map(cardId));
    const shown = h.filter(c => c !== -1);
    return shown.length ? sortCards(shown.map(cardId)) : null;
  };

  const hands = perSeat(R.playerHands.map(handOf));
  const handSizes = perSeat(R.playerHands.map(h => h.length));

  let trick = [];
  if (!final) {
    const t = R.trick || [];
    trick = t.map(c => ({ seat: holderSeat(R, c), card: cardId(c) }));
  }
  let lastTrick = null;
  const prev = R.previousTrick;
  if (prev && prev.length === N) {
    lastTrick = {
      winner: seatOf(R.resolveTrickWinner(prev)),
      cards: prev.map(c => ({ seat: holderSeat(R, c), card: cardId(c) })),
    };
  }
  const tricksPlayed = monkey ? R.tricks.filter(t => t.length === N).length : 0;
  const won = perSeat([0, 1, 2, 3, 4].map(p => [].concat(...R.playerTricks(p)).map(cardId)));
  const points = perSeat([0, 1, 2, 3, 4].map(p => R.playerPointsTaken(p)));

  const history = auctionHistory(game, roundData);
  const bids = history.filter(h => h.type === "bid");
  const auction = {
    history,
    high: bids.length ? bids[bids.length - 1] : null,
    closed: R.bidIsFinal,
    first: seatOf(R.roundFirstPlayerIndex),
  };

  let contract = null;
  const bidder = R.bidIsFinal ? R.bidderIndex : null;
  if (R.bidIsFinal) {
    let partner = null;
    let alone = null;
    const pi = monkey ? R.partnerIndex : null;
    const known = monkey && pi !== -1 && pi !== null;
    const viewerIsBidder = seat !== null && playerOf(seat) === bidder;
    if (known) {
      alone = R.bidderIsPartner;
      partner = R.bidderIsPartner ? null : seatOf(pi);
    } else if (monkey && viewerIsBidder) {
      alone = R.bidderIsPartner;
    }
    contract = {
      bidder: seatOf(bidder),
      rank: RANKS[R.bidRank],
      target: R.bidPoints,
      called: monkey ? cardId(R.partnerCard) : null,
      partner,
      alone,
      revealed: monkey && R.partnerIsRevealed,
    };
  }

  let result = null;
  if (final) {
    const scores = R.roundScore;
    result = {
      points,
      cards: perSeat([0, 1, 2, 3, 4].map(p => R.playerTricks(p).length * N)),
      outcome: R.bidTeamWins ? "made" : "defeated",
      game_points: perSeat(scores),
      contract: {
        bidder: seatOf(R.bidderIndex),
        partner: R.bidderIsPartner ? null : seatOf(R.partnerIndex),
        alone: R.bidderIsPartner,
        called: cardId(R.partnerCard),
        target: R.bidPoints,
        side_points: R.bidTeamPoints,
        made: R.bidTeamWins,
        doubled: false,
      },
    };
  }

  let phase;
  if (final) phase = "shuffle";
  else phase = { bid: "bid", monkey: "call", throw: "play" }[R.nextAction];

  return {
    phase,
    hand_number: rounds.length - 1,
    to_move: final ? null : seatOf(R.playerIndex),
    trump: monkey ? SUITS[R.monkeySuit] : null,
    hands,
    hand_sizes: handSizes,
    trick,
    leader: final ? null : seatOf(R.trickFirstPlayerIndex),
    tricks_played: tricksPlayed,
    last_trick: lastTrick,
    won,
    points,
    auction,
    contract,
    result,
    match: {
      game_points: perSeat(game.gameScore),
      hands_played: game.rounds.filter(rd => game.loadRound(rd).isFinal).length,
    },
  };
}

let GameEngineFactory = null;
function view(seat) {
  if (seat === null || seat === undefined) {
    return buildView(sim.game, null, !!sim.awaiting, sim.game.rounds);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= N) {
    throw new Refusal("bad-request", `seat ${seat} does not exist: seats are 0..4`);
  }
  const rounds = sim.sockets[playerOf(seat)].game;
  if (!GameEngineFactory) GameEngineFactory = require(ENGINE);
  const g = GameEngineFactory(rounds);
  return buildView(g, seat, !!sim.awaiting, rounds);
}

// --- actions ---------------------------------------------------------------
function orderFromDeal(deal) {
  if (!deal || !Array.isArray(deal.hands) || deal.hands.length !== N) return null;
  const order = [];
  for (let p = 0; p < N; p++) {
    const hand = deal.hands[seatOf(p)];
    if (!Array.isArray(hand) || hand.length !== 8) return null;
    for (const id of hand) order.push(cardNum(id));
  }
  if (order.some(c => c === null) || new Set(order).size !== 40) return null;
  return order;
}

function validDeck(deck) {
  if (!Array.isArray(deck) || deck.length !== 40) return false;
  const nums = deck.map(cardNum);
  return !nums.some(c => c === null) && new Set(nums).size === 40;
}

function send(p, msg) {
  const before = JSON.stringify(sim.game.rounds);
  const roundsBefore = sim.game.rounds.length;
  logLines = [];
  sim.sockets[p].message(msg);
  const after = JSON.stringify(sim.game.rounds);
  if (before === after && sim.game.rounds.length === roundsBefore) {
    const said = logLines.filter(l => /not|invalid/i.test(l));
    throw new Refusal(
      "illegal",
      said.length ? `the program ignored the message: ${said.join("; ")}` : `the program refused ${JSON.stringify(msg)}`,
    );
  }
}

function apply(action, deal) {
  if (!action || typeof action !== "object" || typeof action.type !== "string") {
    throw new Refusal("bad-request", "apply needs an action object with a type");
  }
  const type = action.type;
  if (type === "shuffle") {
    if (!Array.isArray(action.deck)) throw new Refusal("bad-request", "a shuffle action needs the field 'deck'");
    if (!sim.awaiting) throw inexpressible("the program deals the next round by itself after a round's last card; it takes no shuffle now");
    if (!validDeck(action.deck)) throw inexpressible("the program shuffles its own 40 cards; this deck order is not the 40 cards once each");
    // the trace's deal when it gives one (protocol 1.1); without one (the
    // rules refuse this shuffle, so no deal was made) the deck goes into the
    // program's shuffle as it stands, and the program slices it itself
    const order = deal ? orderFromDeal(deal) : action.deck.map(cardNum);
    if (!order) throw new Refusal("bad-request", "the deal sent with this shuffle is not five hands of eight cards");
    sim.awaiting.splice(0, sim.awaiting.length, ...order);
    sim.awaiting = null;
    rebroadcast();
    return;
  }
  const known = ["play", "bid", "pass", "call"];
  if (!known.includes(type)) throw inexpressible(`the program has no '${type}' action`);
  const seat = action.seat;
  if (!Number.isInteger(seat)) throw new Refusal("bad-request", `a ${type} action needs an integer 'seat'`);
  if (seat < 0 || seat >= N) throw inexpressible(`there is no player for seat ${seat}`);
  if (sim.awaiting) throw inexpressible("between rounds the program has already started the next round, whose deck the trace has not given yet");
  const p = playerOf(seat);
  if (type === "play") {
    const n = cardNum(action.card);
    if (n === null) throw inexpressible(`${JSON.stringify(action.card)} is not a card of the pack`);
    return send(p, { messageType: "throw", message: n });
  }
  if (type === "pass") return send(p, { messageType: "bid", message: "P" });
  if (type === "bid") {
    const r = RANKS.indexOf(action.rank);
    if (action.rank === undefined || r < 0) throw inexpressible(`a bid names one of the faces ${RANKS.join(" ")}`);
    if (action.points === undefined || action.points === null) {
      return send(p, { messageType: "bid", message: r });
    }
    const R = sim.game.loadRound();
    if (action.rank !== "2" || action.points !== R.bidPoints + 2) {
      throw inexpressible(`the only raise the program offers is the Two for ${R.bidPoints + 2} ("Y")`);
    }
    return send(p, { messageType: "bid", message: "Y" });
  }
  // call
  const s = SUITS.indexOf(action.suit);
  if (s < 0) throw inexpressible("the call names one of the suits d s h c");
  return send(p, { messageType: "monkey", message: s });
}

// --- the protocol ----------------------------------------------------------
let protocol = 1;
function handle(req) {
  switch (req.cmd) {
    case "hello": {
      const versions = Array.isArray(req.versions) ? req.versions.map(String) : [];
      protocol = versions.includes("1.1") ? "1.1" : 1;
      return {
        protocol,
        engine: "fewf/briscalone",
        version: "b3c5588",
        variants: ["briscalone"],
        fields: FIELDS,
        seat_views: true,
        legal: false,
        options: {},
      };
    }
    case "new": {
      if (req.variant !== "briscalone") throw new Refusal("unsupported", `the program plays briscalone only, not ${req.variant}`);
      const opts = req.options || {};
      if (Object.keys(opts).length) throw new Refusal("unsupported", `the program plays no options (${Object.keys(opts).join(", ")})`);
      if (!validDeck(req.deck)) throw new Refusal("bad-request", "the deck order is not the 40 cards of the pack");
      const order = orderFromDeal(req.deal);
      if (!order) throw new Refusal("bad-request", "the adapter needs the deal");
      freshServer(order);
      return {};
    }
    case "apply":
      if (!sim.game) throw new Refusal("bad-request", "apply before new");
      apply(req.action, req.deal || (req.action && req.action.deal));
      return {};
    case "view":
      if (!sim.game) throw new Refusal("bad-request", "view before new");
      return { view: view(req.seat) };
    case "legal":
      throw new Refusal("bad-request", "this engine does not list legal actions");
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
