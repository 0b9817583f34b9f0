// Adapter: chu2508/scopa's Scopone (domain/scopone/src, TypeScript run from
// source with tsx) behind regola's engine protocol (docs/protocol.md), for
// scopone under the engine's house rules (one hand, four players each for
// himself, a scopa on the last play counts).
//
// Usage: tsx adapter.cjs CHECKOUT
//
// What it maps:
// - Seats: the engine's players in the order of the users given to Game are
//   regola's seats; seat 0 is the dealer (dealerIndex 0), each user's id is
//   its seat.
// - The deal: Game's constructor shuffles a new Deck (Deck.shuffle) and deals
//   with the engine's own scoponeDeal: packets of three from the top of the
//   pack, from the player after the dealer, two cards to the table after the
//   first two rounds. That is the variant's deal, so the adapter replaces
//   the one function Deck.shuffle to put the trace's deck order into the
//   Deck, and the engine deals it. When the engine finds three or four Kings
//   on the table it makes a new Deck and shuffles again at once; the adapter
//   has no order for that shuffle yet, so it stops the constructor there
//   and makes the Game again (same dealer, as the engine's redeal does) when
//   the trace's shuffle arrives.
// - Moves: play = game.place(seat, card, []); capture = game.place(seat,
//   card, take). The engine's errors are the refusals: "the game is end"
//   (scopa.match.end: one hand is the match), "... is not the id of current
//   player" (scopa.play.turn), "not found card ..." (scopa.play.in-hand),
//   "captured cards not's on the table" (no rule: the engine gives this one
//   message whether the cards are not on the table or do not add up).
// - The end of the hand: when game.end holds after a move, the adapter
//   calls the engine's own game.settle(), which scores the hand.
// - View: to_move (the current player; null once the hand is over), hands,
//   hand_sizes, table, stock_size (what is left of the engine's Deck),
//   captured and scope (each player's own: the engine has no partnerships),
//   match.points (game.scoreboard), match.over (the game CLOSED by settle),
//   result.points (game.scoreboard once settled; null before).
//
// What it cannot:
// - legal: the engine has no list of legal moves (it accepts any cards named
//   that include one set adding up, and lays any card), so none is given.
// - A capture that takes nothing (the engine reads it as a lay), a shuffle
//   other than the one after a void deal (one hand is the whole game), a
//   claim or an action of another family cannot be expressed and are
//   refused as such, with no rule.
// - The last capture, the result's categories, the winner, the dealer, the
//   hand number and the phase are not reported; no view for one seat.
'use strict';

const path = require('node:path');
const readline = require('node:readline');

const checkout = path.resolve(process.argv[2] || '.');
const src = (p) => path.join(checkout, 'domain', 'scopone', 'src', p);
const { Game, GameStatus } = require(src('game.ts'));
const { Deck, Suits, Types } = require(src('deck.ts'));
const { scoponeDeal, scoreSettle } = require(src('core.ts'));

const HOUSE = { 'match.kind': 'single', 'seating.teams': [], 'capture.last_play_scopa': true };
const FIELDS = ['to_move', 'hands', 'hand_sizes', 'table', 'stock_size', 'captured', 'scope',
  'match.points', 'match.over', 'result.points'];
const N = 4;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', 'J', 'H', 'K'];
const TYPES = [Types.ACE, Types.TWO, Types.THREE, Types.FOUR, Types.FIVE, Types.SIX, Types.SEVEN, Types.JACK, Types.QUEEN, Types.KING];
const SUITS = { d: Suits.Denari, c: Suits.Coppe, s: Suits.Spade, b: Suits.Bastoni };
const SUIT_ORDER = ['d', 'c', 's', 'b'];
const ALL_IDS = SUIT_ORDER.flatMap((s) => RANKS.map((r) => r + s));

function toCard(id) {
  const r = RANKS.indexOf(String(id).slice(0, -1));
  const s = SUITS[String(id).slice(-1)];
  return r < 0 || !s ? { type: 'UNKNOWN:' + id, suit: 'UNKNOWN' } : { type: TYPES[r], suit: s };
}
function toId(card) {
  const r = TYPES.indexOf(card.type);
  const s = Object.keys(SUITS).find((k) => SUITS[k] === card.suit);
  return r < 0 || !s ? `${card.type}?${card.suit}` : RANKS[r] + s;
}
const sortKey = (id) => SUIT_ORDER.indexOf(id.slice(-1)) * 16 + RANKS.indexOf(id.slice(0, -1));
const canon = (cards) => cards.map(toId).sort((a, b) => sortKey(a) - sortKey(b));

class Refusal extends Error {
  constructor(code, message, rule = null) {
    super(message);
    this.code = code;
    this.rule = rule;
  }
}
const cannot = (what) => new Refusal('illegal', `cannot be expressed through the engine's interface: ${what}`);

class PendingShuffle extends Error {}
let armed = null;
Deck.prototype.shuffle = function () {
  if (!armed) throw new PendingShuffle('the engine shuffles again for a void deal');
  this._cards.splice(0, this._cards.length, ...armed.map(toCard)); // the trace's order, top card first
  armed = null;
};

const USERS = Array.from({ length: N }, (_, i) => ({ id: i, nickname: `seat${i}`, avatar: '' }));
let st = null; // { game (null while a void deal waits for its shuffle) }

function checkDeck(deck) {
  if (!Array.isArray(deck) || deck.length !== 40 || new Set(deck).size !== 40 || deck.some((c) => !ALL_IDS.includes(c))) {
    throw cannot('its deck is always the 40 cards of the pack, once each');
  }
}

function makeGame(deck) {
  checkDeck(deck);
  armed = deck.slice();
  try {
    st.game = new Game(USERS, 0, scoponeDeal, scoreSettle);
  } catch (err) {
    if (!(err instanceof PendingShuffle)) throw err;
    st.game = null; // void deal: the engine would deal again from its own new shuffle
  }
  armed = null;
}

function newMatch(req) {
  if (req.variant !== 'scopone') throw new Refusal('unsupported', `this engine plays scopone, not ${req.variant}`);
  for (const [k, v] of Object.entries(req.options || {})) {
    if (!(k in HOUSE) || JSON.stringify(HOUSE[k]) !== JSON.stringify(v)) {
      throw new Refusal('unsupported', `the engine cannot play the option ${k} = ${JSON.stringify(v)}`);
    }
  }
  st = { game: null };
  makeGame(req.deck);
}

function shuffle(action) {
  if (st.game) throw cannot('it deals once, when a Game is made; one hand is the whole game');
  makeGame(action.deck);
}

const REFUSALS = [
  [/^the game is end/, 'scopa.match.end'],
  [/is not the id of current player/, 'scopa.play.turn'],
  [/^not found card/, 'scopa.play.in-hand'],
];

function play(action) {
  const { type, seat, card } = action;
  const take = type === 'capture' ? action.take : [];
  if (typeof card !== 'string' || !Number.isInteger(seat) || !Array.isArray(take)) {
    throw new Refusal('bad-request', `apply: a ${type} action needs seat, card${type === 'capture' ? ' and take' : ''}`);
  }
  if (!st.game) throw cannot('no hand is being played (the deal was void; the next step is a shuffle)');
  if (type === 'capture' && take.length === 0) throw cannot('a move taking no card is a lay of that card');
  const res = st.game.place(seat, toCard(card), take.map(toCard));
  if (res.isLeft()) {
    const msg = String(res.extract().message);
    const hit = REFUSALS.find(([re]) => re.test(msg));
    throw new Refusal('illegal', msg, hit ? hit[1] : null);
  }
  if (st.game.end) st.game.settle();
}

function view() {
  const g = st.game;
  const bySeat = (f) => Array.from({ length: N }, (_, s) => f(s));
  if (!g) {
    return { to_move: null, hands: bySeat(() => []), hand_sizes: bySeat(() => 0), table: [], stock_size: 0,
      captured: bySeat(() => []), scope: bySeat(() => 0), match: { points: bySeat(() => 0), over: false }, result: null };
  }
  const p = (s) => g.players.find((pl) => pl.id === s);
  const closed = g.status === GameStatus.CLOSED;
  return {
    to_move: g.end ? null : g.currentPlayer.id,
    hands: bySeat((s) => canon(p(s).cards)),
    hand_sizes: bySeat((s) => p(s).cards.length),
    table: canon(g.table),
    stock_size: g._deck.cards.length,
    captured: bySeat((s) => canon(p(s).captured)),
    scope: bySeat((s) => p(s).scopa),
    match: { points: g.scoreboard.slice(), over: closed },
    result: closed ? { points: g.scoreboard.slice() } : null,
  };
}

let proto = 1;
function handle(req) {
  switch (req.cmd) {
    case 'hello':
      if (Array.isArray(req.versions) && req.versions.includes('1.1')) proto = '1.1';
      return { protocol: proto, engine: 'chu2508-scopone', version: 'acc9caf', variants: ['scopone'],
        fields: FIELDS, seat_views: false, legal: false, options: HOUSE };
    case 'new':
      newMatch(req);
      return {};
    case 'apply': {
      if (!st) throw new Refusal('bad-request', 'apply before new');
      const a = req.action || {};
      if (a.type === 'shuffle') shuffle(a);
      else if (a.type === 'play' || a.type === 'capture') play(a);
      else if (['exchange', 'bid', 'pass', 'call', 'discard', 'own-call', 'show-hand', 'claim'].includes(a.type)) {
        throw cannot(`it has no ${a.type}`);
      } else throw new Refusal('bad-request', `apply: unknown action type ${JSON.stringify(a.type)}`);
      return {};
    }
    case 'view':
      if (!st) throw new Refusal('bad-request', 'view before new');
      return { view: view() };
    case 'legal':
      throw new Refusal('bad-request', 'this engine gives no list of legal moves (hello: legal false)');
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
