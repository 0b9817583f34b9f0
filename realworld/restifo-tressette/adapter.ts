/*
 * Adapter: WalterRestifo/tressette-backend (GameManagerService, with the
 * models of src/models) behind regola's engine protocol (version 1.1), for
 * tressette-2 under the backend's house rules (one game of one hand, no
 * declarations).
 *
 * Usage: CHECKOUT/_tools/node_modules/.bin/tsx adapter.ts CHECKOUT
 *
 * What it drives. The backend's own GameManagerService, imported from the
 * checkout's TypeScript by tsx (nothing is built). Its constructor shuffles
 * (DeckClass.shuffleDeck, with Math.random) and deals ten cards to PLAYER1,
 * then ten to PLAYER2; the rest is the stock. A play is what the socket.io
 * gateway's 'playedCard' handler does with the message (the gateway itself,
 * a NestJS class bound to a socket server, is not loaded): playCard(card,
 * player), updateTurn(), and playRound() once playedCardCount reaches 2.
 *
 * Seats. PLAYER1 receives first and always leads the first trick: seat 1.
 * PLAYER2 is seat 0, the dealer. Cards: DeckClass gives card id
 * suit * 10 + number - 1, suits COINS d, SWORDS s, CUPS c, CLUBS b, numbers
 * 1-7, 8 Jack J, 9 Horse H, 10 King K; the adapter sends the card object
 * DeckClass builds for the trace's card (a card outside the pack, such as
 * 'Zz', as an object with id 99 and no suit the pack has).
 *
 * The deal. For the constructor's shuffle only, Math.random returns the
 * values that make the backend's own Fisher-Yates shuffle put the pack in
 * the order whose dealing gives the trace's hands, with the rest of the
 * trace's pack, in its order, as the stock.
 *
 * Moves. The service checks nothing: every play is put to it. A seat that
 * does not exist cannot be named (a player is PLAYER1 or PLAYER2), and the
 * backend has no message for a shuffle (it deals only when a new game
 * starts from zero), an exchange, a bid...: those are refused as "cannot be
 * expressed through the engine's interface".
 *
 * The view (omniscient only; fields in hello):
 * - phase: "play", or "over" once $gameEnded is true.
 * - to_move: getCurrentPlayer() while the game runs.
 * - leader: the service's leadingPlayer; trick: the two players'
 *   inThisTrickPlayedCard, the leadingPlayer's first.
 * - hands, hand_sizes: each player's hand; stock, stock_size: the
 *   DeckClass's deck, top (index 0) first.
 * - points: each player's points (thirds). playRound adds the last trick's
 *   bonus (3) into the winner's points; once the game has ended the adapter
 *   takes those 3 out again for the player who won the last trick
 *   (leadingPlayer), since regola's points are the cards' only.
 * - result.counted: the players' points once the game has ended (cards and
 *   the last trick, thirds), result.winner: the service's winner.
 *
 * What it cannot see: the tricks taken and the last trick (the service keeps
 * only points), the number of tricks, the cards shown to the opponent
 * (fromOpponentPlayerLastDrawnCard holds only the last one), the dealer,
 * whole points (the backend has none), legal actions (the service has no
 * list), views for one seat.
 */

import * as path from "node:path";
import * as readline from "node:readline";
import { pathToFileURL } from "node:url";

const checkout = path.resolve(process.argv[2] ?? ".");
const VARIANT = "tressette-2";
const HOUSE_OPTIONS: Record<string, unknown> = {
  "match.kind": "single",
  "counting.declarations.sequence": [],
  "counting.declarations.of_a_kind": [],
};
const FIELDS = ["phase", "to_move", "leader", "trick", "hands", "hand_sizes", "stock", "stock_size", "points",
  "result.counted", "result.winner"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"];
const SUIT_LETTER: Record<string, string> = { COINS: "d", SWORDS: "s", CUPS: "c", CLUBS: "b" };
const PACK_ORDER = ["d", "c", "s", "b"].flatMap((s) => RANKS.map((r) => r + s)); // regola's deck order

type Card = { gameValue: number; numberValue: number; pointValue: number; suit: string; id: number };

class Refusal extends Error {
  constructor(public code: string, message: string, public rule: string | null = null) {
    super(message);
  }
}

const REQUIRED: Record<string, string[]> = {
  shuffle: ["deck"], play: ["seat", "card"], exchange: ["seat", "card"], capture: ["seat", "card", "take"],
  bid: ["seat"], pass: ["seat"], call: ["seat"], discard: ["seat", "card"], "own-call": ["seat", "show"],
  "show-hand": ["seat"], claim: ["seat"],
};
const OPTIONAL: Record<string, string[]> = { bid: ["rank", "points", "card"], call: ["suit", "card", "second"] };

function fits(name: string, value: unknown): boolean {
  if (name === "seat" || name === "points") return Number.isInteger(value);
  if (name === "show") return typeof value === "boolean";
  if (name === "deck" || name === "take") return Array.isArray(value) && value.every((c) => typeof c === "string");
  return typeof value === "string";
}

/** The protocol's check of an action's shape (docs/protocol.md): bad-request naming the field. */
function malformed(action: any): string | null {
  if (action === null || typeof action !== "object" || Array.isArray(action)) return "an action must be an object";
  const kind = action.type;
  if (typeof kind !== "string" || !(kind in REQUIRED)) return `unknown action type ${JSON.stringify(kind)}`;
  const allowed = new Set(["type", ...REQUIRED[kind], ...(OPTIONAL[kind] ?? [])]);
  for (const f of REQUIRED[kind]) if (!(f in action)) return `a ${kind} action needs the field '${f}'`;
  for (const f of Object.keys(action)) {
    if (!allowed.has(f)) return `a ${kind} action has no field '${f}'`;
    if (f !== "type" && !fits(f, action[f])) return `field '${f}' of a ${kind} action has the wrong type`;
  }
  return null;
}

async function main() {
  const load = (rel: string) => import(pathToFileURL(path.join(checkout, rel)).href);
  const { GameManagerService } = await load("src/services/game-manager/game-manager/game-manager.service.ts");
  const { DeckClass } = await load("src/models/deck.model.ts");
  const { PlayerEnum } = await load("src/models/enums.ts");

  const reference = new DeckClass();
  reference.initialiseDeck();
  const CARD_BY_ID = new Map<string, Card>();
  for (const c of reference.deck as Card[]) CARD_BY_ID.set(cardId(c), c);

  function cardId(c: Card): string {
    return RANKS[c.numberValue - 1] + (SUIT_LETTER[c.suit] ?? "?");
  }
  function dto(id: string): Card {
    const c = CARD_BY_ID.get(id);
    return c ? { ...c } : { gameValue: 0, numberValue: 0, pointValue: 0, suit: "NONE", id: 99 };
  }
  const sortIds = (ids: string[]) => ids.sort((a, b) => PACK_ORDER.indexOf(a) - PACK_ORDER.indexOf(b));

  let game: any = null;

  function seatOf(p: any): number {
    return p === game.player1 ? 1 : 0;
  }

  function newGame(deck: string[], deal: any) {
    const hands: string[][] = deal?.hands;
    if (!Array.isArray(hands) || hands.length !== 2) throw new Refusal("unsupported", "the adapter needs the deal");
    const dealt = [...hands[1], ...hands[0]]; // PLAYER1 (seat 1) first, then PLAYER2 (seat 0)
    const held = new Set(dealt);
    const target = [...dealt, ...deck.filter((c) => !held.has(c))].map((c) => CARD_BY_ID.get(c)!.id);
    // the values of Math.random that make shuffleDeck give `target` (top, index 0, first)
    const arr = Array.from({ length: 40 }, (_, i) => i); // initialiseDeck's order: ids 0..39
    const values: number[] = [];
    for (let current = 40; current > 0; current--) {
      const r = arr.indexOf(target[current - 1]);
      values.push((r + 0.5) / current);
      [arr[current - 1], arr[r]] = [arr[r], arr[current - 1]];
    }
    const saved = Math.random;
    let k = 0;
    Math.random = () => values[k++];
    try {
      game = new GameManagerService("regola", "seat1", "seat0");
    } finally {
      Math.random = saved;
    }
  }

  function over(): boolean {
    return game.$gameEnded.value === true;
  }

  function apply(action: any) {
    const problem = malformed(action);
    if (problem) throw new Refusal("bad-request", `apply: ${problem}`);
    if (action.type !== "play") {
      throw new Refusal("illegal", `cannot be expressed through the engine's interface: the backend has no '${action.type}' message during a game`);
    }
    if (action.seat !== 0 && action.seat !== 1) {
      throw new Refusal("illegal", `cannot be expressed through the engine's interface: a player is PLAYER1 or PLAYER2, there is no seat ${action.seat}`);
    }
    const player = action.seat === 1 ? game.player1 : game.player2;
    const playerDto = { ...player, name: { ...player.name } };
    // the gateway's handlePlayCard
    game.playCard(dto(action.card), playerDto);
    game.updateTurn();
    if (game.playedCardCount === 2) game.playRound();
  }

  function view(seat: unknown) {
    if (seat !== null && seat !== undefined) throw new Refusal("unsupported", "the backend gives no view for one seat");
    const ended = over();
    const p1 = game.player1, p2 = game.player2;
    const leading = game.leadingPlayer;
    const other = leading === p1 ? p2 : p1;
    const trick = [leading, other]
      .filter((p) => p.inThisTrickPlayedCard)
      .map((p) => ({ seat: seatOf(p), card: cardId(p.inThisTrickPlayedCard) }));
    const points = [p2.points, p1.points];
    if (ended) points[seatOf(leading)] -= 3; // the last trick's bonus playRound added (see the top)
    const stock = (game.deckClassInstance.deck as Card[]).map(cardId);
    return {
      phase: ended ? "over" : "play",
      to_move: ended ? null : seatOf(game.getCurrentPlayer()),
      leader: ended ? null : seatOf(leading),
      trick,
      hands: [sortIds(p2.hand.map(cardId)), sortIds(p1.hand.map(cardId))],
      hand_sizes: [p2.hand.length, p1.hand.length],
      stock,
      stock_size: stock.length,
      points,
      result: ended ? { counted: [p2.points, p1.points], winner: game.winner ? seatOf(game.winner) : null } : null,
    };
  }

  function handle(req: any): Record<string, unknown> {
    switch (req.cmd) {
      case "hello":
        return { protocol: "1.1", engine: "tressette-backend", version: "ef938cc", variants: [VARIANT], fields: FIELDS,
          seat_views: false, legal: false, options: HOUSE_OPTIONS };
      case "new": {
        if (req.variant !== VARIANT) throw new Refusal("unsupported", `the backend plays Tressette for two only, not ${req.variant}`);
        const opts = req.options ?? {};
        const canon = (o: Record<string, unknown>) => JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
        if (Object.keys(opts).length && canon(opts) !== canon(HOUSE_OPTIONS)) {
          throw new Refusal("unsupported", `the backend plays only its house rules ${JSON.stringify(HOUSE_OPTIONS)}, not ${JSON.stringify(opts)}`);
        }
        if (!Array.isArray(req.deck)) throw new Refusal("bad-request", "new: missing field 'deck'");
        newGame(req.deck, req.deal);
        return {};
      }
      case "apply":
        if (!game) throw new Refusal("bad-request", "no match: send new first");
        apply(req.action);
        return {};
      case "view":
        if (!game) throw new Refusal("bad-request", "no match: send new first");
        return { view: view(req.seat) };
      case "legal":
        throw new Refusal("unsupported", "the backend does not list legal actions");
      default:
        throw new Refusal("bad-request", `unknown command ${JSON.stringify(req.cmd)}`);
    }
  }

  const out = (obj: unknown, then?: () => void) => process.stdout.write(JSON.stringify(obj) + "\n", then);
  let quitting = false;
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on("line", (line) => {
    if (!line.trim()) return;
    let req: any;
    try {
      req = JSON.parse(line);
    } catch {
      out({ id: null, ok: false, error: { code: "bad-request", message: "the request is not JSON" } });
      return;
    }
    const id = req && typeof req === "object" ? req.id ?? null : null;
    if (!req || typeof req !== "object" || Array.isArray(req)) {
      out({ id: null, ok: false, error: { code: "bad-request", message: "a request must be a JSON object" } });
      return;
    }
    if (req.cmd === "quit") {
      quitting = true;
      out({ id, ok: true }, () => process.exit(0));
      return;
    }
    try {
      out({ id, ok: true, ...handle(req) });
    } catch (e: any) {
      if (e instanceof Refusal) {
        const error: Record<string, unknown> = { code: e.code, message: e.message };
        if (e.code === "illegal") error.rule = e.rule;
        out({ id, ok: false, error });
      } else {
        out({ id, ok: false, error: { code: "crash", message: `the engine raised ${e?.name}: ${e?.message}` } });
      }
    }
  });
  input.on("close", () => {
    if (!quitting) process.stdout.write("", () => process.exit(0));
  });
}

main().catch((e) => {
  process.stderr.write(String(e?.stack ?? e) + "\n");
  process.exit(1);
});
