// Adapter: garrypas/scoparella.engine (TypeScript, run from source with tsx)
// behind regola's engine protocol (docs/protocol.md), for scopa-2, scopa-3
// and scopa-4 (the engine's four players play each for himself).
//
// Usage: tsx adapter.cjs CHECKOUT
//
// What it maps:
// - Seats: the engine's players in the order they joined (hands[0] plays
//   first) are regola's seats 1, 2, ..., 0: hands[i] is seat (i + 1) % n.
// - The deal: the engine shuffles in its Deck constructor through
//   RandomNumberRangeGenerator.generateRange(40); the adapter replaces that
//   one function so that it returns the order that makes the engine's own
//   dealing (three cards at a time from the end of the array, hands[0]
//   first, then four to the table; three more each whenever all hands are
//   empty) give every player the cards the trace's deck gives him under the
//   variant's deal (one at a time from the player after the dealer).
// - The next hand: the engine ends a hand inside the last play and at once
//   makes a new Deck and calls its own start() to deal. The adapter holds
//   that start() call back until the trace's shuffle arrives; then it makes
//   the engine's deck again with the Deck constructor (the shuffle replaced
//   as above, as endRound's own line does) and runs the engine's start().
//   Until then the view shows the engine as the hand left it.
// - Actions: play = tryPlayCards(card, [], hand); capture =
//   tryPlayCards(card, take, hand). The engine's own errors are the
//   refusals, their rule read from the error: not this player's turn
//   (scopa.play.turn), card not in hand (scopa.play.in-hand), cards not on
//   the table (scopa.capture.from-table), a sum with an equal card on the
//   table (scopa.capture.single-card-first), laying a card that can capture
//   (scopa.capture.compulsory), values that do not match
//   (scopa.capture.match for one card, scopa.capture.sum for more); a hand
//   not in the game (a seat that does not exist): no rule.
// - legal: every card of the player to move with every subset of the table,
//   kept when the engine's own RuleEngine.validPlay says OK.
// - View: to_move (whoseTurn; null when no player holds a card), hands,
//   hand_sizes, table, stock_size, captured (each player's Hand.captured: the engine never
//   empties it between hands), scope and last_capture (the engine's move
//   log since this hand's deal: its isScopa flags and its last move that
//   took cards), match.points (the scoreboard), match.hands_played
//   (roundsPlayed), match.over (the engine's private `completed` getter,
//   the test endRound uses), result.points (what Scoreboard.calculateScores
//   returned for the hand just ended; null before the end of a hand).
//
// What it cannot:
// - The order of the stock: the engine deals three cards at a time, so the
//   order that gives the trace's hands is not the trace's order (a house
//   way of dealing that nothing in play can tell); only its size is shown.
// - The engine has no dealer, hand number or phase, no per-hand result
//   other than the points, and no winner (only `completed`): those fields
//   are not reported. No view for one seat.
// - Actions the interface cannot express are refused as such, with no
//   rule: a capture that takes nothing (the engine reads an empty list as
//   a play), a shuffle when the engine is not waiting to deal (mid-hand, or
//   after its match is over), a deck that is not the 40 cards, a claim or
//   an action of another family, and any play between the end of a hand
//   and the shuffle (the engine would already have dealt from its own
//   shuffle there).
// - It plays every option set the engine plays: the variant's own rules or
//   the engine's house rules (capture.last_play_scopa = true, deal.redeal =
//   [], seating.teams = []); any other option is unsupported.
'use strict';

const path = require('node:path');
const readline = require('node:readline');

const checkout = path.resolve(process.argv[2] || '.');
const src = (p) => path.join(checkout, 'src', p);
const { Game } = require(src('Game.ts'));
const { Card } = require(src('models/Card.ts'));
const { Deck } = require(src('models/Deck.ts'));
const { Hand } = require(src('models/Hand.ts'));
const { Player } = require(src('models/Player.ts'));
const { Face } = require(src('models/Face.ts'));
const { Suit } = require(src('models/Suit.ts'));
const { RandomNumberRangeGenerator } = require(src('utils/RandomNumberRangeGenerator.ts'));
const { PlayCardValidationResult } = require(src('rules/PlayCardValidationResult.ts'));
const exc = require(src('exceptions/index.ts'));
const { ScopaMoveValidationError } = require(src('exceptions/ScopaMoveValidationError.ts'));

const VARIANTS = { 'scopa-2': 2, 'scopa-3': 3, 'scopa-4': 4 };
const HOUSE = { 'capture.last_play_scopa': true, 'deal.redeal': [], 'seating.teams': [] };
const FIELDS = ['to_move', 'hands', 'hand_sizes', 'table', 'stock_size', 'captured', 'scope',
  'last_capture', 'match.points', 'match.hands_played', 'match.over', 'result.points'];

// Cards: regola ids (rank + suit letter) and the engine's Face/Suit.
const RANKS = ['A', '2', '3', '4', '5', '6', '7', 'J', 'H', 'K'];
const FACES = [Face.Ace, Face.Two, Face.Three, Face.Four, Face.Five, Face.Six, Face.Seven, Face.Knave, Face.Knight, Face.King];
const SUITS = { d: Suit.Coins, c: Suit.Cups, s: Suit.Swords, b: Suit.Clubs };
const SUIT_ORDER = ['d', 'c', 's', 'b'];
const ALL_IDS = SUIT_ORDER.flatMap((s) => RANKS.map((r) => r + s));

function toEngineCard(id) {
  const r = RANKS.indexOf(String(id).slice(0, -1));
  const s = SUITS[String(id).slice(-1)];
  if (r < 0 || !s) return new Card('Unknown:' + id, 'Unknown'); // a card the engine has never heard of
  return new Card(FACES[r], s);
}
function toId(card) {
  const r = FACES.indexOf(card.face);
  const s = Object.keys(SUITS).find((k) => SUITS[k] === card.suit);
  return r < 0 || !s ? String(card.face) + String(card.suit) : RANKS[r] + s;
}
function sortKey(id) {
  return SUIT_ORDER.indexOf(id.slice(-1)) * 16 + RANKS.indexOf(id.slice(0, -1));
}
const canon = (cards) => cards.map(toId).sort((a, b) => sortKey(a) - sortKey(b));

// The engine's Deck lists the cards face by face, suit by suit (Object.values
// of its enums), then maps generateRange(40)'s numbers onto that list.
const ENGINE_ORDER = [];
Object.values(Face).forEach((f) => Object.values(Suit).forEach((s) => ENGINE_ORDER.push(toId(new Card(f, s)))));

let armed = null; // the next order generateRange returns
RandomNumberRangeGenerator.generateRange = function (scale) {
  const out = armed || Array.from({ length: scale }, (_, i) => i); // placeholder: replaced before it is dealt
  armed = null;
  return out.slice();
};

class Refusal extends Error {
  constructor(code, message, rule = null) {
    super(message);
    this.code = code;
    this.rule = rule;
  }
}

// The variant's deal from a deck order (top card first): for each packet
// round, the cards each seat receives; the table after the first round.
function regolaDeal(deck, n, dealer) {
  const rounds = [];
  let k = 0;
  let table = null;
  while (k < deck.length) {
    const hands = Array.from({ length: n }, () => []);
    for (let c = 0; c < 3 * n; c++) hands[(dealer + 1 + (c % n)) % n].push(deck[k++]);
    rounds.push(hands);
    if (table === null) {
      table = deck.slice(k, k + 4);
      k += 4;
    }
  }
  return { rounds, table };
}

// The order generateRange must return so that the engine's dealing gives
// those hands: it pops from the end, hands[0..n-1] three each, the table
// four after the first round.
function engineOrder(deck, n, dealer) {
  if (!Array.isArray(deck) || deck.length !== 40 || new Set(deck).size !== 40 || deck.some((c) => !ALL_IDS.includes(c))) {
    throw new Refusal('illegal', 'cannot be expressed through the engine\'s interface: its deck always holds the 40 cards of the pack once each');
  }
  const { rounds, table } = regolaDeal(deck, n, dealer);
  const pops = [];
  rounds.forEach((hands, r) => {
    for (let i = 0; i < n; i++) pops.push(...hands[(i + 1) % n]);
    if (r === 0) pops.push(...table);
  });
  const arr = pops.slice().reverse();
  return arr.map((id) => ENGINE_ORDER.indexOf(id));
}

let st = null; // { game, n, pending, movesStart, result, handDeck }

function seatOf(hand) {
  return (st.game.hands.findIndex((h) => h.equals(hand)) + 1) % st.n;
}
function handOf(seat) {
  if (Number.isInteger(seat) && seat >= 0 && seat < st.n) return st.game.hands[(seat - 1 + st.n) % st.n];
  return new Hand(new Player('seat' + seat)); // the engine itself refuses a hand it does not know
}

function newMatch(req) {
  const n = VARIANTS[req.variant];
  if (!n) throw new Refusal('unsupported', `this engine plays ${Object.keys(VARIANTS).join(', ')}, not ${req.variant}`);
  for (const [k, v] of Object.entries(req.options || {})) {
    if (!(k in HOUSE) || JSON.stringify(HOUSE[k]) !== JSON.stringify(v)) {
      throw new Refusal('unsupported', `the engine cannot play the option ${k} = ${JSON.stringify(v)}`);
    }
  }
  const dealer = req.deal && Number.isInteger(req.deal.dealer) ? req.deal.dealer : 0;
  armed = engineOrder(req.deck, n, dealer);
  const game = new Game({ numberOfPlayers: n });
  for (let i = 0; i < n; i++) game.addPlayer(new Player('seat' + ((i + 1) % n)));
  st = { game, n, pending: false, movesStart: 0, result: null, handDeck: null };
  const ownStart = Object.getPrototypeOf(game).start;
  game.start = function () { st.pending = true; }; // held back until the shuffle
  st.ownStart = ownStart;
  const board = game._scoreboard;
  const ownCalc = board.calculateScores;
  board.calculateScores = function (hands) {
    const out = ownCalc.call(this, hands);
    st.result = out;
    return out;
  };
}

function shuffle(action, deal) {
  const game = st.game;
  if (!st.pending) {
    throw new Refusal('illegal', game._roundsPlayed > 0 && game.completed
      ? 'cannot be expressed through the engine\'s interface: its match is over and it deals no more'
      : 'cannot be expressed through the engine\'s interface: it deals only when a hand has ended');
  }
  const dealer = deal && Number.isInteger(deal.dealer) ? deal.dealer : game.roundsPlayed % st.n;
  armed = engineOrder(action.deck, st.n, dealer);
  game._deck = new Deck(); // as endRound does, with the shuffle arranged
  st.pending = false;
  st.handDeck = null;
  st.result = null;
  st.movesStart = game.moves.length;
  st.ownStart.call(game);
}

const RESULT_RULES = {
  [PlayCardValidationResult.TABLE_MISSING_REQUESTED_CARDS]: 'scopa.capture.from-table',
  [PlayCardValidationResult.CANNOT_TAKE_MANY_BECAUSE_EXACT_MATCH_ON_TABLE]: 'scopa.capture.single-card-first',
  [PlayCardValidationResult.CANNOT_LAY_CARD_MATCH_EXISTS]: 'scopa.capture.compulsory',
};

function play(action) {
  const { type, seat, card } = action;
  const take = type === 'capture' ? action.take : [];
  if (typeof card !== 'string' || !Number.isInteger(seat) || (type === 'capture' && !Array.isArray(take))) {
    throw new Refusal('bad-request', `apply: a ${type} action needs seat (an integer), card${type === 'capture' ? ' and take (a list)' : ''}`);
  }
  if (type === 'capture' && take.length === 0) {
    throw new Refusal('illegal', 'cannot be expressed through the engine\'s interface: a move taking no card is a play of that card');
  }
  if (st.pending) {
    throw new Refusal('illegal', 'cannot be expressed through the engine\'s interface: it has ended the hand and deals the next one itself, from the shuffle still to come');
  }
  const game = st.game;
  const deckBefore = game._deck;
  try {
    game.tryPlayCards(toEngineCard(card), take.map(toEngineCard), handOf(seat));
  } catch (err) {
    if (err instanceof exc.NotThisPlayersTurnError) throw new Refusal('illegal', err.message, 'scopa.play.turn');
    if (err instanceof exc.CardNotInPlayersHandError) throw new Refusal('illegal', err.message, 'scopa.play.in-hand');
    if (err instanceof exc.CardsNotOnTableError) throw new Refusal('illegal', err.message, 'scopa.capture.from-table');
    if (err instanceof exc.NoMatchingHandInGameError) throw new Refusal('illegal', err.message || 'NoMatchingHandInGameError', null);
    if (err instanceof ScopaMoveValidationError) {
      let rule = RESULT_RULES[err.message] || null;
      if (err.message === PlayCardValidationResult.FACE_VALUES_DO_NOT_MATCH) {
        rule = take.length === 1 ? 'scopa.capture.match' : 'scopa.capture.sum';
      }
      throw new Refusal('illegal', err.message, rule);
    }
    throw err;
  }
  if (st.pending) st.handDeck = deckBefore; // the deck the hand was played from, before endRound's new one
}

function view() {
  const game = st.game;
  const n = st.n;
  const hands = game.hands;
  const bySeat = (f) => { const out = new Array(n); hands.forEach((h, i) => { out[(i + 1) % n] = f(h); }); return out; };
  const anyCards = hands.some((h) => h.cards.length > 0);
  const deck = st.handDeck || game.deck;
  const moves = game.moves.slice(st.movesStart);
  const scope = new Array(n).fill(0);
  let last = null;
  for (const m of moves) {
    if (m.card === null || m.taken.length === 0) continue;
    const s = seatOf(new Hand(m.player));
    if (m.isScopa) scope[s]++;
    last = { card: toId(m.card), scopa: m.isScopa, seat: s, take: canon(m.taken) };
  }
  const result = st.result ? { points: bySeat((h) => st.result.find((sc) => sc.player.equals(h.player)).score) } : null;
  return {
    to_move: anyCards && !st.pending && game.whoseTurn ? seatOf(game.whoseTurn) : null,
    hands: bySeat((h) => canon(h.cards)),
    hand_sizes: bySeat((h) => h.cards.length),
    table: canon(game.table.cards),
    stock_size: deck.length,
    captured: bySeat((h) => canon(h.captured)),
    scope,
    last_capture: last,
    match: { points: bySeat((h) => game.score(h.player)), hands_played: game.roundsPlayed, over: game.completed },
    result,
  };
}

function legal() {
  const game = st.game;
  if (st.pending || !game.whoseTurn) return [];
  const hand = game.hands.find((h) => h.equals(game.whoseTurn));
  if (!hand || hand.cards.length === 0) return [];
  const table = game.table.cards;
  const seat = seatOf(hand);
  const out = [];
  for (const c of hand.cards) {
    for (let mask = 0; mask < 1 << table.length; mask++) {
      const take = table.filter((_, i) => mask & (1 << i));
      if (game._ruleEngine.validPlay(c, take, table) !== PlayCardValidationResult.OK) continue;
      out.push(take.length ? { type: 'capture', seat, card: toId(c), take: canon(take) } : { type: 'play', seat, card: toId(c) });
    }
  }
  return out;
}

let proto = 1;
function handle(req) {
  switch (req.cmd) {
    case 'hello': {
      if (Array.isArray(req.versions) && req.versions.includes('1.1')) proto = '1.1';
      else if (req.protocol !== 1 && req.protocol !== '1') throw new Refusal('unsupported', `protocol ${req.protocol} is not supported`);
      return { protocol: proto, engine: 'scoparella.engine', version: '1.7.0@8c0337b', variants: Object.keys(VARIANTS),
        fields: FIELDS, seat_views: false, legal: true, options: HOUSE };
    }
    case 'new':
      newMatch(req);
      return {};
    case 'apply': {
      if (!st) throw new Refusal('bad-request', 'apply before new');
      const a = req.action || {};
      if (a.type === 'shuffle') shuffle(a, req.deal);
      else if (a.type === 'play' || a.type === 'capture') play(a);
      else if (['exchange', 'bid', 'pass', 'call', 'discard', 'own-call', 'show-hand', 'claim'].includes(a.type)) {
        throw new Refusal('illegal', `cannot be expressed through the engine's interface: it has no ${a.type}`);
      } else throw new Refusal('bad-request', `apply: unknown action type ${JSON.stringify(a.type)}`);
      return {};
    }
    case 'view':
      if (!st) throw new Refusal('bad-request', 'view before new');
      return { view: view() };
    case 'legal':
      if (!st) throw new Refusal('bad-request', 'legal before new');
      return { actions: legal() };
    default:
      throw new Refusal('bad-request', `unknown command ${req.cmd}`);
  }
}

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    process.stdout.write(JSON.stringify({ id: null, ok: false, error: { code: 'bad-request', message: 'not JSON' } }) + '\n');
    return;
  }
  if (req.cmd === 'quit') {
    process.stdout.write(JSON.stringify({ id: req.id, ok: true }) + '\n', () => process.exit(0));
    return;
  }
  let answer;
  try {
    answer = { id: req.id, ok: true, ...handle(req) };
  } catch (err) {
    if (err instanceof Refusal) {
      const error = { code: err.code, message: err.message };
      if (err.code === 'illegal') error.rule = err.rule;
      answer = { id: req.id, ok: false, error };
    } else {
      const where = (err && err.stack ? err.stack.split('\n')[1] || '' : '').trim();
      answer = { id: req.id, ok: false, error: { code: proto === '1.1' ? 'crash' : 'internal',
        message: `the engine raised ${err && err.name}: ${err && err.message} ${where}` } };
    }
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
input.on('close', () => process.exit(0));
