import type { Context } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { LiveControlType, LiveEventType } from '../../contract/live'
import { liveMessages } from '../../contract/live'
import { apiMessages } from '../../contract/messages'
import type { Database, Db } from '../db/client'
import { DEFAULT_LIVE_LIMITS, type LiveLimits } from '../env'
import { LIVE_CHANNEL, type LiveNotice, type StoredLiveEvent } from '../db/live-outbox'
import { hashSessionToken, sessionEndsAt } from '../services/auth'
import { DomainError } from '../services/errors'
import { eventsInRange, replaySince, streamStart } from '../services/live-events'

/*
 * The live streams one server holds (GET /api/live, decision 022): each signed-in tab's
 * Server-Sent Events stream, fed by the NOTIFYs of every server's transactions. Nothing a second
 * server would need is kept here: the events are in the database, the streams are only this
 * server's sockets.
 */

/**
 * A comment line this often keeps proxies from closing a quiet stream and finds sockets that died,
 * and the sessions whose time is up are checked at the same beat.
 */
const HEARTBEAT_MS = 25_000

/**
 * A stream that has not taken this many writes is a reader that stopped reading: it is closed
 * rather than letting the server hold what it does not read. What one transaction announces is
 * one write (see `write`), so a burst counts once.
 */
const MAX_PENDING_WRITES = 64

/** How long a refused stream is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 30

type Stream = {
  userId: string
  tokenHash: string
  /** The last event id written: the SSE `id:` a reconnection sends back as Last-Event-ID. */
  cursor: number
  /** Events announced while the stream's start was read, written after it; null once live. */
  held: StoredLiveEvent[] | null
  /** Writes the socket has not taken yet. */
  pending: number
  /** Messages of this turn of the event loop, written together at its end. */
  unsent: string[]
  /** When the session may have ended (its idle or absolute expiry), in ms since the epoch. */
  checkSessionAt: number
  api: SSEStreamingApi | null
  /** Ends the stream: the response finishes, the stream leaves the registry. */
  end: () => void
}

export type LiveStreamsOptions = {
  db: Db
  listen: Database['listen']
  limits?: LiveLimits
  heartbeatMs?: number
}

export type LiveStreams = ReturnType<typeof createLiveStreams>

/**
 * The listener of an app that is never started (tools that only read the route table, tests of
 * other things): its GET /api/live answers 503.
 */
export const notListening: Database['listen'] = () =>
  Promise.reject(new Error('This app was built without a database to listen on'))

function sseMessage(type: LiveEventType | LiveControlType, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`
}

/** A Last-Event-ID as the stream wrote it (a whole number), or null for anything else. */
function parseCursor(header: string | undefined): number | null {
  return header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : null
}

/** The streams of this server, and the LISTEN that feeds them; `start()` before serving. */
export function createLiveStreams({
  db,
  listen,
  limits = DEFAULT_LIVE_LIMITS,
  heartbeatMs = HEARTBEAT_MS,
}: LiveStreamsOptions) {
  const byPlayer = new Map<string, Set<Stream>>()
  let size = 0
  let unlisten: (() => Promise<void>) | null = null
  let heartbeat: ReturnType<typeof setInterval> | null = null
  let connections = 0
  /** Notices are handled one after another, so events reach a stream in commit order. */
  let queue: Promise<void> = Promise.resolve()

  function* everyStream(): Generator<Stream> {
    for (const streams of byPlayer.values()) yield* streams
  }

  function write(stream: Stream, text: string): void {
    stream.unsent.push(text)
    if (stream.unsent.length === 1) queueMicrotask(() => flush(stream))
  }

  function flush(stream: Stream): void {
    const text = stream.unsent.join('')
    stream.unsent = []
    if (!stream.api || text === '') return
    if (stream.pending >= MAX_PENDING_WRITES) {
      stream.end()
      return
    }
    stream.pending += 1
    void stream.api.write(text).finally(() => {
      stream.pending -= 1
    })
  }

  function offer(stream: Stream, event: StoredLiveEvent): void {
    if (stream.held) {
      stream.held.push(event)
      return
    }
    // Ids follow commit order: one at or below the cursor was written already (a replay).
    if (event.id <= stream.cursor) return
    stream.cursor = event.id
    write(stream, sseMessage(event.type, event.data, event.id))
  }

  function deliver(event: StoredLiveEvent): void {
    if (event.userId === null) {
      for (const stream of everyStream()) offer(stream, event)
    } else {
      for (const stream of byPlayer.get(event.userId) ?? []) offer(stream, event)
    }
  }

  function endSession(stream: Stream): void {
    write(stream, sseMessage('session.ended', {}))
    stream.end()
  }

  async function handle(notice: LiveNotice): Promise<void> {
    for (const stream of everyStream()) {
      if (notice.ended?.includes(stream.tokenHash)) endSession(stream)
    }
    for (const event of notice.events ?? []) deliver(event)
    if (notice.range) {
      const events = await eventsInRange(db, notice.range, [...byPlayer.keys()])
      for (const event of events) deliver(event)
    }
  }

  /** After PostgreSQL's listening connection came back: what was announced meanwhile. */
  async function catchUp(): Promise<void> {
    const live = [...everyStream()].filter((stream) => stream.held === null)
    const [first] = live
    if (!first) return
    const { latest } = await streamStart(db, first.userId)
    const from = Math.min(...live.map((stream) => stream.cursor))
    const replay = await replaySince(db, null, from, latest)
    if (replay === 'reload') {
      for (const stream of live) {
        stream.cursor = latest
        write(stream, sseMessage('live.reload', {}, latest))
      }
      return
    }
    for (const event of replay.events) deliver(event)
  }

  function enqueue(work: () => Promise<void>): void {
    queue = queue.then(work).catch((error: unknown) => {
      console.error('Las novedades en vivo no se pudieron entregar:', error)
    })
  }

  async function checkSessions(): Promise<void> {
    const now = Date.now()
    for (const stream of everyStream()) {
      if (stream.held || stream.checkSessionAt > now) continue
      const endsAt = await sessionEndsAt(db, stream.tokenHash)
      if (endsAt === null || endsAt <= Date.now()) endSession(stream)
      else stream.checkSessionAt = endsAt
    }
  }

  function remove(stream: Stream): void {
    const streams = byPlayer.get(stream.userId)
    if (!streams?.delete(stream)) return
    size -= 1
    if (streams.size === 0) byPlayer.delete(stream.userId)
  }

  /** What a new stream writes first: where it starts, then what it missed, then what came since. */
  async function begin(stream: Stream, lastEventId: string | undefined): Promise<void> {
    const [{ latest, balances }, endsAt] = await Promise.all([
      streamStart(db, stream.userId),
      sessionEndsAt(db, stream.tokenHash),
    ])
    if (endsAt === null) {
      endSession(stream)
      return
    }
    stream.checkSessionAt = endsAt
    const asked = lastEventId === undefined ? latest : parseCursor(lastEventId)
    const replay = asked === null ? 'reload' : await replaySince(db, stream.userId, asked, latest)
    const held = stream.held ?? []
    stream.held = null
    if (replay === 'reload') {
      stream.cursor = latest
      write(stream, sseMessage('live.ready', { balances }, latest))
      write(stream, sseMessage('live.reload', {}))
    } else {
      stream.cursor = asked ?? latest
      write(stream, sseMessage('live.ready', { balances }, stream.cursor))
      for (const event of replay.events) offer(stream, event)
    }
    for (const event of held) offer(stream, event)
  }

  return {
    /** How many streams this server holds now. */
    get size() {
      return size
    },

    async start(): Promise<void> {
      unlisten = await listen(
        LIVE_CHANNEL,
        (payload) => enqueue(() => handle(JSON.parse(payload) as LiveNotice)),
        () => {
          connections += 1
          if (connections > 1) enqueue(catchUp)
        },
      )
      heartbeat = setInterval(() => {
        for (const stream of everyStream()) write(stream, ': \n\n')
        enqueue(checkSessions)
      }, heartbeatMs)
      heartbeat.unref()
    },

    async stop(): Promise<void> {
      if (heartbeat) clearInterval(heartbeat)
      for (const stream of everyStream()) stream.end()
      await unlisten?.()
      unlisten = null
      await queue
    },

    /**
     * GET /api/live for a signed-in player: refused at once (429, 503) past the limits, else the
     * stream, counted from this moment so that simultaneous requests cannot pass the limit.
     */
    open(c: Context, userId: string, sessionToken: string | null): Response {
      if (sessionToken === null) throw new DomainError(401, apiMessages.sessionEnded)
      if (unlisten === null) throw new DomainError(503, liveMessages.unavailable)
      const retry = { 'Retry-After': String(RETRY_AFTER_SECONDS) }
      if (size >= limits.perServer) throw new DomainError(503, liveMessages.serverFull, null, retry)
      const streams = byPlayer.get(userId) ?? new Set<Stream>()
      if (streams.size >= limits.perPlayer) {
        throw new DomainError(429, liveMessages.tooManyStreams, null, retry)
      }
      let finish = () => {}
      const finished = new Promise<void>((resolve) => (finish = resolve))
      const stream: Stream = {
        userId,
        tokenHash: hashSessionToken(sessionToken),
        cursor: 0,
        held: [],
        pending: 0,
        unsent: [],
        checkSessionAt: Number.POSITIVE_INFINITY,
        api: null,
        end: () => {
          remove(stream)
          finish()
        },
      }
      streams.add(stream)
      byPlayer.set(userId, streams)
      size += 1
      const lastEventId = c.req.header('last-event-id')
      // Proxies that buffer answers (nginx) would hold the events back.
      c.header('X-Accel-Buffering', 'no')
      return streamSSE(c, async (api) => {
        stream.api = api
        api.onAbort(stream.end)
        try {
          await begin(stream, lastEventId)
          await finished
        } finally {
          stream.end()
        }
      })
    },
  }
}
