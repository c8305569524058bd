import * as v from 'valibot'
import { isoInstant } from './fields'
import { miningMessages } from './mining'

/*
 * Welcome messages: what happened while the player was away, shown one at a time after login and
 * acknowledged one by one. Any area adds one with `addMessage(tx, userId, message)`
 * (server/services/messages.ts); a new kind is one more entry in `welcomeMessage` below and its
 * words in src/copy/inbox.ts.
 */

const base = { id: v.string(), createdAt: isoInstant }

export const welcomeMessage = v.variant('kind', [
  v.object({
    ...base,
    kind: v.literal('weeklyReset'),
    /** The week that ended (its Monday) and the gems the player's team earned in it. */
    payload: v.object({ week: v.string(), teamGems: v.number() }),
  }),
  v.object({
    ...base,
    kind: v.literal('penalty'),
    /** The week without a fueled station, and the player's penalties so far. */
    payload: v.object({ week: v.string(), penalties: v.number() }),
  }),
  v.object({
    ...base,
    kind: v.literal('newRank'),
    payload: v.object({ rankIndex: v.number(), rankName: v.string(), percent: v.number() }),
  }),
  v.object({
    ...base,
    kind: v.literal('gemsReceived'),
    payload: v.object({ amount: v.number(), fromName: v.string() }),
  }),
  v.object({
    ...base,
    kind: v.literal('terydollarOrder'),
    /** An order the operator reviewed: the terydollars credited, or the reason it was refused. */
    payload: v.object({
      orderId: v.number(),
      amount: v.number(),
      outcome: v.picklist(['approved', 'rejected']),
      reason: v.nullable(v.string()),
    }),
  }),
])
export type WelcomeMessage = v.InferOutput<typeof welcomeMessage>
export type WelcomeMessageKind = WelcomeMessage['kind']

/** A message to add: its kind and payload (the server gives it an id and a date). */
export type NewWelcomeMessage = WelcomeMessage extends infer M
  ? M extends WelcomeMessage
    ? Omit<M, 'id' | 'createdAt'>
    : never
  : never

/** data of GET /api/messages and PATCH /api/messages: the unread messages, oldest first. */
export const inbox = v.object({ messages: v.array(welcomeMessage) })
export type Inbox = v.InferOutput<typeof inbox>

/** PATCH /api/messages: the message the player has read. */
export const acknowledgeBody = v.object({
  id: v.pipe(v.string(miningMessages.messageId), v.uuid(miningMessages.messageId)),
})
