// Adapter: stathismor/scopa's server (packages/server/src, TypeScript run
// from source with tsx) behind regola's engine protocol (docs/protocol.md),
// for scopa-2.
//
// Usage: tsx adapter.cjs CHECKOUT
//
// The server keeps a room's game as a list of states in MongoDB and moves it
// on when a client sends a move: updateGameState(io, roomId, playerAction)
// (src/games.ts) reads the room's last state, computes the next one, scores
// the hand at its end (finalScore, src/scores.ts) and stores it;
// restartGameState(io, roomId) deals the next hand with generateGameState
// (src/utils.ts). The adapter runs exactly these functions. What it replaces:
// - the room store (src/controllers/roomController.ts, src/database/models.ts)
//   and Socket.IO, by an in-memory list of states and an `io` that sends
//   nothing (the server's own functions read and write them as they would
//   the database);
// - lodash's shuffle, which generateGameState calls, by the order that makes
//   the server's own dealing (three cards to each player in the order of
//   the state's player list, then four to the table; three more each, in the
//   list's order, whenever both hands are empty) give every player the cards
//   the trace's deck gives him under the variant's deal.
//
// What it maps:
// - Seats: the players are named seat0 and seat1; the first hand is dealt
//   with the list [seat0, seat1] and seat1 (the player after the dealer) as
//   the first to play, where the server draws him at random.
// - Moves: play = a 'play-on-table' action, capture = a 'capture' action with
//   the cards taken, each with the seat's name as playerName, card ids as the
//   server's keys (value__Suit). The server refuses nothing (the client
//   offers only legal moves), so the adapter never refuses a move either.
// - A shuffle between hands = restartGameState (the next hand, the running
//   totals carried, the player who did not play last leads).
// - View: to_move (the active player while the state is 'playing'), hands,
//   hand_sizes, table, stock_size, captured, scope (the player's scopa list),
//   match.points (score.total), match.over (status 'ended'), result.points
//   (score.totalRound once a hand is over).
//
// What it cannot:
// - legal: the server has no notion of a legal move.
// - A shuffle while a hand is being played or after the server has ended
//   the match cannot be put to it (restartGameState is offered by the client
//   only between hands); a claim or an action of another family neither.
// - The order of the stock, the last capture, the dealer, the hand number,
//   the phase, the winner and the result's categories are not reported; no
//   view for one seat.
'use strict';

const path = require('node:path');
const readline = require('node:readline');
const Module = require('node:module');

const checkout = path.resolve(process.argv[2] || '.');
const server = (p) => path.join(checkout, 'packages', 'server', 'src', p);

// --- the room store and Socket.IO, in memory -------------------------------
const store = { states: [] };
const STUBS = {
  roomController: {
    getRoom: async (id) => ({ _id: id, states: store.states }),
    getCurrentState: async () => store.states[store.states.length - 1],
    addState: async (_id, state) => { store.states.push(state); },
  },
  models: { Room: { updateOne: async () => ({}) } },
  'socket.io': { Server: class {} },
};
const ownResolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (/controllers\/roomController$/.test(request)) return 'regola-stub:roomController';
  if (/database\/models$/.test(request)) return 'regola-stub:models';
  if (request === 'socket.io') return 'regola-stub:socket.io';
  return ownResolve.call(this, request, parent, ...rest);
};
for (const [name, exports] of Object.entries(STUBS)) {
  const m = new Module(`regola-stub:${name}`);
  m.exports = exports;
  m.loaded = true;
  require.cache[`regola-stub:${name}`] = m;
}
const io = { in: () => ({ emit: () => {} }) };

const lodash = require(path.join(checkout, 'node_modules', 'lodash'));
const games = require(server('games.ts'));
const utils = require(server('utils.ts'));

let armed = null;
lodash.shuffle = function (list) {
  if (!armed) throw new Error('the adapter has no deck order for this shuffle');
  const out = armed;
  armed = null;
  return out;
};

// --- cards -----------------------------------------------------------------
const RANKS = ['A', '2', '3', '4', '5', '6', '7', 'J', 'H', 'K'];
const SUITS = { d: 'Golds', c: 'Cups', s: 'Swords', b: 'Clubs' };
const SUIT_ORDER = ['d', 'c', 's', 'b'];
const ALL_IDS = SUIT_ORDER.flatMap((s) => RANKS.map((r) => r + s));
function toKey(id) {
  const r = RANKS.indexOf(String(id).slice(0, -1));
  const s = SUITS[String(id).slice(-1)];
  return r < 0 || !s ? String(id) : `${r + 1}__${s}`; // an id the server has no card for goes as it is
}
const toCard = (id) => ({ value: RANKS.indexOf(id.slice(0, -1)) + 1, suit: SUITS[id.slice(-1)] });
function toId(card) {
  const s = Object.keys(SUITS).find((k) => SUITS[k] === card.suit);
  return RANKS[card.value - 1] && s ? RANKS[card.value - 1] + s : `${card.value}?${card.suit}`;
}
const sortKey = (id) => SUIT_ORDER.indexOf(id.slice(-1)) * 16 + RANKS.indexOf(id.slice(0, -1));
const canon = (cards) => cards.map(toId).sort((a, b) => (sortKey(a) - sortKey(b)) || (a < b ? -1 : 1));

class Refusal extends Error {
  constructor(code, message, rule = null) {
    super(message);
    this.code = code;
    this.rule = rule;
  }
}
const cannot = (what) => new Refusal('illegal', `cannot be expressed through the engine's interface: ${what}`);

const N = 2;
const NAMES = ['seat0', 'seat1'];
const seatOf = (name) => NAMES.indexOf(name);

// The variant's deal from the deck (one at a time from the player after the
// dealer, three each, then four to the table; the same for each refill),
// laid out as the server deals: order[0] three, order[1] three, the table,
// then for each refill the leader's three and the dealer's three.
function arrange(deck, dealer, order) {
  if (!Array.isArray(deck) || deck.length !== 40 || new Set(deck).size !== 40 || deck.some((c) => !ALL_IDS.includes(c))) {
    throw cannot('its deck is always the 40 cards of the pack, once each');
  }
  const rounds = [];
  let table = null;
  let k = 0;
  while (k < deck.length) {
    const bySeat = [[], []];
    for (let c = 0; c < 3 * N; c++) bySeat[(dealer + 1 + (c % N)) % N].push(deck[k++]);
    rounds.push(bySeat);
    if (table === null) {
      table = deck.slice(k, k + 4);
      k += 4;
    }
  }
  const leader = (dealer + 1) % N;
  const out = [...rounds[0][seatOf(order[0])], ...rounds[0][seatOf(order[1])], ...table];
  for (const bySeat of rounds.slice(1)) out.push(...bySeat[leader], ...bySeat[dealer]);
  return out.map(toCard);
}

const current = () => store.states[store.states.length - 1];
let hands = 0;

function newMatch(req) {
  if (req.variant !== 'scopa-2') throw new Refusal('unsupported', `this engine plays scopa-2, not ${req.variant}`);
  if (req.options && Object.keys(req.options).length) throw new Refusal('unsupported', 'the engine plays no options');
  store.states = [];
  hands = 0;
  const dealer = req.deal && Number.isInteger(req.deal.dealer) ? req.deal.dealer : 0;
  armed = arrange(req.deck, dealer, NAMES);
  store.states.push(utils.generateGameState(NAMES.slice(), NAMES[(dealer + 1) % N]));
}

async function shuffle(action, deal) {
  const s = current();
  if (s.status === 'playing') throw cannot('it deals a new hand only when one is over');
  if (s.status === 'ended') throw cannot('its match is over');
  hands += 1;
  const dealer = deal && Number.isInteger(deal.dealer) ? deal.dealer : hands % N;
  armed = arrange(action.deck, dealer, s.players.map((p) => p.username));
  await games.restartGameState(io, 'room');
}

async function play(action) {
  const { type, seat, card } = action;
  const take = type === 'capture' ? action.take : [];
  if (typeof card !== 'string' || !Number.isInteger(seat) || !Array.isArray(take)) {
    throw new Refusal('bad-request', `apply: a ${type} action needs seat, card${type === 'capture' ? ' and take' : ''}`);
  }
  const playerAction = type === 'capture'
    ? { action: 'capture', description: '', playerName: `seat${seat}`, card: toKey(card), tableCards: take.map(toKey) }
    : { action: 'play-on-table', description: '', playerName: `seat${seat}`, card: toKey(card) };
  await games.updateGameState(io, 'room', playerAction);
}

function view() {
  const s = current();
  const p = (seat) => s.players.find((pl) => pl.username === NAMES[seat]);
  const bySeat = (f) => [0, 1].map(f);
  const over = s.status === 'round-ended' || s.status === 'ended';
  return {
    to_move: s.status === 'playing' ? seatOf(s.activePlayer) : null,
    hands: bySeat((i) => canon(p(i).hand)),
    hand_sizes: bySeat((i) => p(i).hand.length),
    table: canon(s.table),
    stock_size: s.deck.length,
    captured: bySeat((i) => canon(p(i).captured)),
    scope: bySeat((i) => p(i).scopa.length),
    match: { points: bySeat((i) => p(i).score.total), over: s.status === 'ended' },
    result: over ? { points: bySeat((i) => p(i).score.totalRound) } : null,
  };
}

let proto = 1;
async function handle(req) {
  switch (req.cmd) {
    case 'hello':
      if (Array.isArray(req.versions) && req.versions.includes('1.1')) proto = '1.1';
      return { protocol: proto, engine: 'stathismor-scopa-server', version: '7cd4747', variants: ['scopa-2'],
        fields: ['to_move', 'hands', 'hand_sizes', 'table', 'stock_size', 'captured', 'scope', 'match.points', 'match.over', 'result.points'],
        seat_views: false, legal: false };
    case 'new':
      newMatch(req);
      return {};
    case 'apply': {
      if (!store.states.length) throw new Refusal('bad-request', 'apply before new');
      const a = req.action || {};
      if (a.type === 'shuffle') await shuffle(a, req.deal);
      else if (a.type === 'play' || a.type === 'capture') await play(a);
      else if (['exchange', 'bid', 'pass', 'call', 'discard', 'own-call', 'show-hand', 'claim'].includes(a.type)) {
        throw cannot(`it has no ${a.type}`);
      } else throw new Refusal('bad-request', `apply: unknown action type ${JSON.stringify(a.type)}`);
      return {};
    }
    case 'view':
      if (!store.states.length) throw new Refusal('bad-request', 'view before new');
      return { view: view() };
    case 'legal':
      throw new Refusal('bad-request', 'this engine gives no list of legal moves (hello: legal false)');
    default:
      throw new Refusal('bad-request', `unknown command ${req.cmd}`);
  }
}

let chain = Promise.resolve();
const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  chain = chain.then(async () => {
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
      answer = { id: req.id, ok: true, ...(await handle(req)) };
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
});
input.on('close', () => { chain.then(() => process.exit(0)); });
