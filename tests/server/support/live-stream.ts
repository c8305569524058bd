import { BASE, type TestServer } from './test-server'

/** One Server-Sent Event as a browser's parser reads it. */
export type SseEvent = { event: string; data: unknown; id: string | undefined }

/** Parses the complete messages at the front of `buffer`; returns them and what is left. */
function parseMessages(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = []
  let rest = buffer
  let end = rest.indexOf('\n\n')
  while (end !== -1) {
    const block = rest.slice(0, end)
    rest = rest.slice(end + 2)
    end = rest.indexOf('\n\n')
    let event = 'message'
    let data = ''
    let id: string | undefined
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = line.slice(0, colon)
      const value = line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data += value
      else if (field === 'id') id = value
    }
    if (data !== '') events.push({ event, data: JSON.parse(data) as unknown, id })
  }
  return { events, rest }
}

/**
 * GET /api/live as a tab opens it, read event by event. `next()` waits for the next event (it
 * fails after `timeoutMs`), `drain()` takes what arrived within a while, `ended` resolves when
 * the server finishes the stream.
 */
export async function openLive(
  app: Pick<TestServer['app'], 'request'>,
  cookie: string,
  options: { lastEventId?: string } = {},
) {
  const response = await app.request(
    `${BASE}/api/live`,
    {
      headers: {
        cookie,
        ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }),
      },
    },
    { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
  )
  if (response.status !== 200 || !response.body) {
    return { status: response.status, response, stream: null } as const
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const received: SseEvent[] = []
  const waiting: (() => void)[] = []
  let buffer = ''
  let done = false
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }))
      if (chunk.done) break
      const parsed = parseMessages(buffer + chunk.value)
      buffer = parsed.rest
      received.push(...parsed.events)
      for (const wake of waiting.splice(0)) wake()
    }
    done = true
    for (const wake of waiting.splice(0)) wake()
  })()

  async function next(timeoutMs = 3_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const event = received.shift()
      if (event) return event
      if (done) throw new Error('The stream ended')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No event within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  return {
    status: 200 as const,
    response,
    stream: {
      next,
      /** The next events of these types, skipping the others (balances of the same move...). */
      async nextOf(type: string, timeoutMs = 3_000): Promise<SseEvent> {
        for (;;) {
          const event = await next(timeoutMs)
          if (event.event === type) return event
        }
      },
      /** Everything that arrives within `ms`. */
      async drain(ms = 300): Promise<SseEvent[]> {
        await new Promise((resolve) => setTimeout(resolve, ms))
        return received.splice(0)
      },
      ended,
      close: () => reader.cancel(),
    },
  }
}

export type LiveStream = NonNullable<Awaited<ReturnType<typeof openLive>>['stream']>
