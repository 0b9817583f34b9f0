// Adapter: goblindegook/scopa's engine (src/engine/*.ts, TypeScript run from
// source with tsx) behind regola's engine protocol (docs/protocol.md), for
// scopa-2 and scopa-3.
//
// Usage: tsx adapter.mjs CHECKOUT
//
// The engine is a set of pure functions: deal(cards, {players, score,
// previousFirstPlayer}) starts a hand (or returns an error for three or four
// Kings on the table), play(move, state) returns the next state or an error,
// score(players) gives each player's points for the hand, winner(totals) the
// match's winner at 11. The adapter strings the hands together the way the
// game's own server does (src/party/scopa.ts: after a hand, deal() again
// with the previous state's firstPlayer and score; after a void deal, deal()
// again with the same options and a fresh shuffle).
//
// What it maps:
// - Seats: the engine plays its players in decreasing index order, so
//   regola's seat s is the engine's player (1 - s) mod n; the first hand's
//   first player is set to the engine's player 0 (seat 1, after the dealer)
//   by passing previousFirstPlayer = 1, where the game would draw it at
//   random.
// - The deal: deal() takes the table from the front of the array, then three
//   cards to each player in index order, the rest as the pile from which
//   the next hands are dealt three at a time the same way. The adapter
//   builds that array from the trace's deck so that every player gets the
//   cards the variant's deal gives him (one at a time from the player after
//   the dealer, then four to the table).
// - Moves: a capture is play({card, take}); a play is play({card, take: []}).
//   The engine's errors are its refusals: 'not_your_turn' (the player to
//   move does not hold the card: scopa.play.in-hand), 'choose_cards' (a card
//   that can capture in several ways played without choosing:
//   scopa.capture.compulsory), 'cannot_take' (the cards named are not one
//   of the captures the engine allows: no rule, the engine does not say
//   which check failed).
// - legal: for each card of the player to move, the engine's own
//   findCardsToTake (the captures it allows), or a play when there is none.
// - View: to_move, hands, hand_sizes, table, stock_size, captured (each
//   player's pile), scope (each player's scope), match.points (the score
//   the state carries), match.over and match.winner (winner() on that
//   score), and, once a hand is over, result.points, result.cards,
//   result.coins, result.primiera and result.scope from the engine's own
//   score() of the final state.
//
// What it cannot:
// - The engine's move has no player: it is always the move of the player
//   whose turn it is. A move by another seat cannot be expressed and is
//   refused as such (the game's server refuses it, "Not your turn.").
// - A play with no cards taken, of a card that has exactly one capture, is
//   made by the engine as that capture: laying such a card cannot be
//   expressed and is refused as such (the engine's own result is looked at
//   and thrown away). A capture that takes nothing, a shuffle during a
//   hand or after the match, a claim or an action of another family cannot
//   be expressed either.
// - The order of the stock (the engine deals three at a time: only its size
//   is shown), the last capture (the engine keeps the last move's cards
//   taken, not the last capture), the dealer, the hand number and the phase
//   are not reported. No view for one seat.
import path from 'node:path'
import readline from 'node:readline'
import { pathToFileURL } from 'node:url'

const checkout = path.resolve(process.argv[2] || '.')
const load = (p) => import(pathToFileURL(path.join(checkout, 'src', 'engine', p)).href)
const scopa = await load('scopa.ts')
const cards = await load('cards.ts')
const scores = await load('scores.ts')
const move = await load('move.ts')

const VARIANTS = { 'scopa-2': 2, 'scopa-3': 3 }
const FIELDS = ['to_move', 'hands', 'hand_sizes', 'table', 'stock_size', 'captured', 'scope',
  'match.points', 'match.over', 'match.winner',
  'result.points', 'result.cards', 'result.coins', 'result.primiera', 'result.scope']

const RANKS = ['A', '2', '3', '4', '5', '6', '7', 'J', 'H', 'K']
const SUITS = { d: cards.Suit.DENARI, c: cards.Suit.COPPE, s: cards.Suit.SPADE, b: cards.Suit.BASTONI }
const SUIT_ORDER = ['d', 'c', 's', 'b']
const ALL_IDS = SUIT_ORDER.flatMap((s) => RANKS.map((r) => r + s))

function toCard(id) {
  const r = RANKS.indexOf(String(id).slice(0, -1))
  const s = SUITS[String(id).slice(-1)]
  return r < 0 || s === undefined ? [0, -1] : [r + 1, s] // [0, -1]: a card the engine has never heard of
}
function toId([v, s]) {
  const suit = Object.keys(SUITS).find((k) => SUITS[k] === s)
  return RANKS[v - 1] && suit ? RANKS[v - 1] + suit : `${v}?${s}`
}
const sortKey = (id) => SUIT_ORDER.indexOf(id.slice(-1)) * 16 + RANKS.indexOf(id.slice(0, -1))
const canon = (pile) => pile.map(toId).sort((a, b) => sortKey(a) - sortKey(b))

class Refusal extends Error {
  constructor(code, message, rule = null) {
    super(message)
    this.code = code
    this.rule = rule
  }
}
const cannot = (what) => new Refusal('illegal', `cannot be expressed through the engine's interface: ${what}`)

// The variant's deal (one at a time from the player after the dealer, three
// each, then four to the table; the same for every later round), turned into
// the array deal() reads: table, then player 0, 1, ... three each, round by round.
function engineCards(deck, n, dealer) {
  if (!Array.isArray(deck) || deck.length !== 40 || new Set(deck).size !== 40 || deck.some((c) => !ALL_IDS.includes(c))) {
    throw cannot('its deck is always the 40 cards of the pack, once each')
  }
  const rounds = []
  let table = null
  let k = 0
  while (k < deck.length) {
    const bySeat = Array.from({ length: n }, () => [])
    for (let c = 0; c < 3 * n; c++) bySeat[(dealer + 1 + (c % n)) % n].push(deck[k++])
    rounds.push(bySeat)
    if (table === null) {
      table = deck.slice(k, k + 4)
      k += 4
    }
  }
  const out = [...table]
  for (const bySeat of rounds) for (let e = 0; e < n; e++) out.push(...bySeat[seatOf(e, n)])
  return out.map(toCard)
}
const seatOf = (e, n) => (((1 - e) % n) + n) % n
const engineOf = (s, n) => (((1 - s) % n) + n) % n

let st = null // { n, game (State or null after a void deal), score, firstPlayer, hands }

function dealHand(deck, dealer) {
  const res = scopa.deal(engineCards(deck, st.n, dealer), {
    players: st.n,
    score: st.score,
    previousFirstPlayer: st.previousFirstPlayer,
  })
  if (!isOk(res)) {
    st.game = null // a void deal: the caller deals again, same options, new shuffle
  } else {
    st.game = res.value
  }
}

function isOk(res) {
  return res.type.description === 'Ok' // @pacote/result tags a result with Symbol('Ok') or Symbol('Err')
}

function newMatch(req) {
  const n = VARIANTS[req.variant]
  if (!n) throw new Refusal('unsupported', `this engine plays ${Object.keys(VARIANTS).join(', ')}, not ${req.variant}`)
  if (req.options && Object.keys(req.options).length) {
    throw new Refusal('unsupported', `the engine plays no options (${Object.keys(req.options).join(', ')})`)
  }
  st = { n, game: null, score: Array(n).fill(0), previousFirstPlayer: 1 % n, over: false }
  const dealer = req.deal && Number.isInteger(req.deal.dealer) ? req.deal.dealer : 0
  st.hands = 0
  dealHand(req.deck, dealer)
}

function shuffle(action, deal) {
  if (st.game && st.game.state === 'play') throw cannot('it deals only when a hand is over (or void)')
  if (st.game && scores.winner(st.game.score) !== null) throw cannot('its match is over')
  if (st.game) {
    // the server's next round: previous firstPlayer and running score
    st.previousFirstPlayer = st.game.firstPlayer
    st.score = st.game.score
    st.hands += 1
  }
  const dealer = deal && Number.isInteger(deal.dealer) ? deal.dealer : st.hands % st.n
  dealHand(action.deck, dealer)
}

function play(action) {
  const { type, seat, card } = action
  const take = type === 'capture' ? action.take : []
  if (typeof card !== 'string' || !Number.isInteger(seat) || !Array.isArray(take)) {
    throw new Refusal('bad-request', `apply: a ${type} action needs seat, card${type === 'capture' ? ' and take' : ''}`)
  }
  const game = st.game
  if (!game || game.state !== 'play') throw cannot('no hand is being played (the next step is a deal)')
  if (type === 'capture' && take.length === 0) throw cannot('a move taking no card is a play of that card')
  if (seat !== seatOf(game.turn, st.n)) throw cannot(`a move is always the move of the player to play (seat ${seatOf(game.turn, st.n)})`)
  const res = scopa.play({ card: toCard(card), take: take.map(toCard) }, game)
  if (!isOk(res)) {
    const msg = res.value.message
    if (msg === 'not_your_turn') throw new Refusal('illegal', msg, 'scopa.play.in-hand')
    if (msg === 'choose_cards') throw new Refusal('illegal', msg, 'scopa.capture.compulsory')
    throw new Refusal('illegal', msg, null)
  }
  if (type === 'play' && res.value.lastTaken.length > 0) {
    throw cannot(`played with no cards taken, ${card} makes its only capture (${canon(res.value.lastTaken).join(' ')})`)
  }
  st.game = res.value
}

function view() {
  const n = st.n
  const g = st.game
  const bySeat = (f) => Array.from({ length: n }, (_, s) => f(s))
  if (!g) {
    return {
      to_move: null,
      hands: bySeat(() => []),
      hand_sizes: bySeat(() => 0),
      table: [],
      stock_size: 0,
      captured: bySeat(() => []),
      scope: bySeat(() => 0),
      match: { points: bySeat((s) => st.score[engineOf(s, n)]), over: false, winner: null },
      result: null,
    }
  }
  const p = (s) => g.players[engineOf(s, n)]
  const w = scores.winner(g.score)
  let result = null
  if (g.state === 'stop') {
    const sc = scores.score(g.players)
    const detail = (s, label) => sc[engineOf(s, n)].details.find((d) => d.label === label).value
    result = {
      points: bySeat((s) => sc[engineOf(s, n)].total),
      cards: bySeat((s) => detail(s, 'Taken')),
      coins: bySeat((s) => detail(s, 'Denari')),
      primiera: bySeat((s) => detail(s, 'Primiera')),
      scope: bySeat((s) => detail(s, 'Scope')),
    }
  }
  return {
    to_move: g.state === 'play' ? seatOf(g.turn, n) : null,
    hands: bySeat((s) => canon(p(s).hand)),
    hand_sizes: bySeat((s) => p(s).hand.length),
    table: canon(g.table),
    stock_size: g.pile.length,
    captured: bySeat((s) => canon(p(s).pile)),
    scope: bySeat((s) => p(s).scope),
    match: { points: bySeat((s) => g.score[engineOf(s, n)]), over: w !== null, winner: w === null ? null : seatOf(w, n) },
    result,
  }
}

function legal() {
  const g = st.game
  if (!g || g.state !== 'play') return []
  const seat = seatOf(g.turn, st.n)
  const out = []
  for (const c of g.players[g.turn].hand) {
    const takes = move.findCardsToTake(c[0], g.table)
    if (takes.length === 0) out.push({ type: 'play', seat, card: toId(c) })
    for (const t of takes) out.push({ type: 'capture', seat, card: toId(c), take: canon(t) })
  }
  return out
}

let proto = 1
function handle(req) {
  switch (req.cmd) {
    case 'hello':
      if (Array.isArray(req.versions) && req.versions.includes('1.1')) proto = '1.1'
      return { protocol: proto, engine: 'goblindegook-scopa', version: '234a2ce', variants: Object.keys(VARIANTS),
        fields: FIELDS, seat_views: false, legal: true }
    case 'new':
      newMatch(req)
      return {}
    case 'apply': {
      if (!st) throw new Refusal('bad-request', 'apply before new')
      const a = req.action || {}
      if (a.type === 'shuffle') shuffle(a, req.deal)
      else if (a.type === 'play' || a.type === 'capture') play(a)
      else if (['exchange', 'bid', 'pass', 'call', 'discard', 'own-call', 'show-hand', 'claim'].includes(a.type)) {
        throw cannot(`it has no ${a.type}`)
      } else throw new Refusal('bad-request', `apply: unknown action type ${JSON.stringify(a.type)}`)
      return {}
    }
    case 'view':
      if (!st) throw new Refusal('bad-request', 'view before new')
      return { view: view() }
    case 'legal':
      if (!st) throw new Refusal('bad-request', 'legal before new')
      return { actions: legal() }
    default:
      throw new Refusal('bad-request', `unknown command ${req.cmd}`)
  }
}

const input = readline.createInterface({ input: process.stdin })
input.on('line', (line) => {
  let req
  try {
    req = JSON.parse(line)
  } catch {
    process.stdout.write(`${JSON.stringify({ id: null, ok: false, error: { code: 'bad-request', message: 'not JSON' } })}\n`)
    return
  }
  if (req.cmd === 'quit') {
    process.stdout.write(`${JSON.stringify({ id: req.id, ok: true })}\n`, () => process.exit(0))
    return
  }
  let answer
  try {
    answer = { id: req.id, ok: true, ...handle(req) }
  } catch (err) {
    if (err instanceof Refusal) {
      const error = { code: err.code, message: err.message }
      if (err.code === 'illegal') error.rule = err.rule
      answer = { id: req.id, ok: false, error }
    } else {
      const where = (err?.stack?.split('\n')[1] ?? '').trim()
      answer = { id: req.id, ok: false, error: { code: proto === '1.1' ? 'crash' : 'internal', message: `the engine raised ${err?.name}: ${err?.message} ${where}` } }
    }
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`)
})
input.on('close', () => process.exit(0))
