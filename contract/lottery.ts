import * as v from 'valibot'
import { currencyAmount, isoInstant } from './fields'
import { validationMessages as m } from './messages'
import { pageField, pagination } from './pagination'
import { balances } from './user'

/**
 * The lottery's Spanish messages: its refusals and answers, and its field rules. They live with the area, not in
 * contract/messages.ts, so the entry chunk (which carries that module) does not grow with them.
 */
export const lotteryMessages = {
  status: 'El estado del sorteo debe ser abierto (open) o realizado (drawn)',
  draw: 'El sorteo no es válido',
  entered: '¡Ya participas en el sorteo!',
  notFound: 'El sorteo no existe',
  closed: 'Las inscripciones de este sorteo ya cerraron',
  alreadyEntered: 'Ya participas en este sorteo',
  notEnough: 'No tienes suficientes terycarbonos para participar',
} as const

/**
 * Where a draw is: `open` takes entries until `closesAt`; `closed` waits for the draw (its time
 * passed, the draw has not run yet); `drawn` has its seed revealed and its winner known.
 */
export const LOTTERY_STATUSES = ['open', 'closed', 'drawn'] as const
export type LotteryStatus = (typeof LOTTERY_STATUSES)[number]

/** GET /api/lottery/list: `status=open` lists the draws not drawn yet, `drawn` the past ones. */
export const lotteryListQuery = v.object({
  page: pageField,
  status: v.optional(v.picklist(['open', 'drawn'], lotteryMessages.status)),
  /** One draw by its number (the player's draw, to see its result). */
  number: v.optional(v.pipe(v.string(m.digits), v.regex(/^[1-9]\d{0,8}$/, m.digits))),
})
export type LotteryListQuery = v.InferOutput<typeof lotteryListQuery>

/** A ticket of the published entry list: its number and the holder's public name. */
export const lotteryTicket = v.object({ ticket: v.number(), name: v.string() })
export type LotteryTicket = v.InferOutput<typeof lotteryTicket>

export const lotteryDraw = v.object({
  id: v.string(),
  /** Shown as "Sorteo #N". */
  number: v.number(),
  status: v.picklist(LOTTERY_STATUSES),
  /** When entries close and the draw runs (ISO 8601). */
  closesAt: isoInstant,
  drawnAt: v.nullable(isoInstant),
  prize: currencyAmount,
  entryPrice: currencyAmount,
  /** How many entries the draw has. */
  entries: v.number(),
  /** SHA-256 of the secret seed (hex), published when the draw opens. */
  seedHash: v.string(),
  /** The seed itself, revealed once the draw ran; null before. */
  seed: v.nullable(v.string()),
  winner: v.nullable(lotteryTicket),
  /** The published entry list, in ticket order; tickets are numbered when the draw runs. */
  tickets: v.array(lotteryTicket),
  /** The calling player's entry (ticket null until the draw), or null: no entry or no session. */
  myEntry: v.nullable(v.object({ ticket: v.nullable(v.number()) })),
})
export type LotteryDraw = v.InferOutput<typeof lotteryDraw>

/** data of GET /api/lottery/list. `signedIn`: the call carried a session (it may take part). */
export const lotteryList = v.object({
  draws: v.array(lotteryDraw),
  pagination,
  signedIn: v.boolean(),
})
export type LotteryList = v.InferOutput<typeof lotteryList>

/** PATCH /api/user/draw: take part in the draw the player sees. */
export const drawEntryBody = v.object({
  drawId: v.pipe(v.string(lotteryMessages.draw), v.uuid(lotteryMessages.draw)),
})
export type DrawEntryBody = v.InferOutput<typeof drawEntryBody>

export const drawEntryResult = v.object({ draw: lotteryDraw, balances })
export type DrawEntryResult = v.InferOutput<typeof drawEntryResult>

/*
 * The fairness computation (docs/economy.md, "Lottery"), shared by the server that draws and the
 * browser that verifies. Only the hashing differs: node:crypto on the server, Web Crypto in the
 * browser; both hash the same UTF-8 text with SHA-256.
 */

/** The text whose SHA-256 decides the winner: the revealed seed and the number of entries. */
export function drawMessage(seed: string, entries: number): string {
  return `${seed}:${entries}`
}

/**
 * The winning ticket from the SHA-256 of `drawMessage` (hex): the digest read as an unsigned
 * big-endian integer, modulo the number of entries, plus one (tickets count from 1).
 */
export function winningTicket(digestHex: string, entries: number): number {
  if (!Number.isSafeInteger(entries) || entries < 1) {
    throw new RangeError(`A draw needs at least one entry, got ${entries}`)
  }
  return Number(BigInt(`0x${digestHex}`) % BigInt(entries)) + 1
}
