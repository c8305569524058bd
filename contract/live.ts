import * as v from 'valibot'

/*
 * The live stream, GET /api/live (Server-Sent Events): what happens to a player reaches their open
 * tabs as it happens. Each event's SSE `event:` is its type below and its `data:` the JSON of its
 * data; its SSE `id:` is the stream's cursor, which a reconnection sends back as `Last-Event-ID`
 * to get what it missed. The server publishes an event in the transaction of the change that
 * causes it, so a change that is undone announces nothing (decision 022).
 */

const balances = v.object({
  terycarbons: v.number(),
  gems: v.number(),
  voltaCharge: v.number(),
  terydollars: v.number(),
})

/** The data of every event a player can receive, by type. */
export const liveEventData = {
  /** The player's four balances after a movement (the last of its transaction). */
  'balances.changed': v.object({ balances }),
  /** A welcome message was added for the player (gems received, the weekly reset, a new rank). */
  'message.received': v.object({ kind: v.string() }),
  /** One of the player's offers was bought by someone else, or cancelled in another tab. */
  'offer.closed': v.object({ offerId: v.number(), state: v.picklist(['sold', 'cancelled']) }),
  /** The trading board changed: an offer was listed, bought or cancelled (every player). */
  'board.changed': v.object({}),
  /** A notification was added (an account verified, a mission confirmed, a reward). */
  'notification.received': v.object({}),
  /** A terydollar order of the player was approved or refused by the operator. */
  'order.reviewed': v.object({ orderId: v.number(), state: v.picklist(['approved', 'rejected']) }),
  /** One of the player's express coupons ran out of time: claimable or expired. */
  'coupon.settled': v.object({ couponId: v.string(), state: v.picklist(['claimable', 'expired']) }),
  /** A lottery draw was drawn (every player): its table and the next draw changed. */
  'lottery.drawn': v.object({ number: v.number() }),
} as const

export type LiveEventType = keyof typeof liveEventData
export type LiveEventData<T extends LiveEventType> = v.InferOutput<(typeof liveEventData)[T]>

/** One event as the stream carries it. */
export type LiveEvent = {
  [T in LiveEventType]: { type: T; data: LiveEventData<T> }
}[LiveEventType]

export const LIVE_EVENT_TYPES = Object.keys(liveEventData) as LiveEventType[]

/**
 * Events that are not about one player: published once, to every stream. The others are only
 * ever sent to their player's own streams.
 */
export const BROADCAST_EVENT_TYPES: readonly LiveEventType[] = ['board.changed', 'lottery.drawn']

/**
 * Control events of the stream itself, never stored: `live.ready` opens every stream (and says
 * the player's balances now), `live.reload` replaces a replay that is no longer possible (what was
 * missed is too old or too much: load the pages' data again), `session.ended` closes the stream
 * because its session ended (a logout in another tab, expiry) and nothing more will come.
 */
export const liveControlData = {
  'live.ready': v.object({ balances }),
  'live.reload': v.object({}),
  'session.ended': v.object({}),
} as const

export type LiveControlType = keyof typeof liveControlData

/** Spanish refusals of GET /api/live. */
export const liveMessages = {
  tooManyStreams:
    'Tienes demasiadas pestañas del juego abiertas. Cierra alguna para recibir novedades en vivo.',
  serverFull: 'El servidor tiene demasiadas conexiones en vivo. Intenta de nuevo en unos segundos.',
  unavailable: 'Las novedades en vivo no están disponibles.',
} as const
