import type { LiveEvent } from '../../contract/live'
import { LIVE_EVENT_TYPES } from '../../contract/live'
import type { Balances } from '../../contract/user'
import type { LiveMachineEvent } from '../../machines/live/live.machine'
import { stream } from '../../contract/endpoints/live'
import { apiBase } from '../config/env'

/*
 * GET /api/live read with fetch, not EventSource: the machine decides when to reconnect (its
 * backoff, its Last-Event-ID), and a refusal's status and Retry-After can be read, which an
 * EventSource hides. Every message is handed to the live machine as one of its events.
 */

const liveTypes = new Set<string>(LIVE_EVENT_TYPES)

type Message = { event: string; data: string; id: string | undefined }

/** The complete messages at the front of `buffer` (the SSE format), and what is left of it. */
export function parseEventStream(buffer: string): { messages: Message[]; rest: string } {
  const messages: Message[] = []
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n')
  const rest = blocks.pop() ?? ''
  for (const block of blocks) {
    let event = 'message'
    const data: string[] = []
    let id: string | undefined
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
      else if (field === 'id') id = value
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n'), id })
  }
  return { messages, rest }
}

/** One message as the live machine's event, or null for one it does not know. */
function toMachineEvent(message: Message, cursor: string): LiveMachineEvent | null {
  const data = JSON.parse(message.data) as unknown
  if (message.event === 'live.ready') {
    return { type: 'stream.opened', cursor, balances: (data as { balances: Balances }).balances }
  }
  if (message.event === 'live.reload') return { type: 'stream.reload', cursor }
  if (message.event === 'session.ended') return { type: 'stream.ended' }
  if (liveTypes.has(message.event)) {
    return { type: 'stream.received', cursor, event: { type: message.event, data } as LiveEvent }
  }
  return null
}

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null
}

/**
 * Opens the stream and reads it until it ends or `stop()` is called, sending the machine its
 * events (the live machine's `connect` actor). Returns `stop`.
 */
export function openLiveStream(
  { cursor }: { cursor: string | null },
  sendBack: (event: LiveMachineEvent) => void,
): () => void {
  const controller = new AbortController()
  const fail = (network: boolean, retryAfter: number | null = null) =>
    sendBack({
      type: 'stream.failed',
      failure: { network, retryAfterMs: retryAfter, jitter: Math.random() },
    })

  void (async () => {
    let response: Response
    try {
      response = await fetch(`${apiBase}${stream.path}`, {
        credentials: 'include',
        headers: cursor === null ? {} : { 'Last-Event-ID': cursor },
        signal: controller.signal,
        cache: 'no-store',
      })
    } catch {
      if (!controller.signal.aborted) fail(true)
      return
    }
    if (response.status === 401) {
      sendBack({ type: 'stream.ended' })
      return
    }
    if (!response.ok || !response.body) {
      fail(false, retryAfterMs(response))
      return
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    let last = cursor ?? ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        const { messages, rest } = parseEventStream(buffer + value)
        buffer = rest
        for (const message of messages) {
          if (message.id !== undefined) last = message.id
          const event = toMachineEvent(message, last)
          if (event) sendBack(event)
          if (event?.type === 'stream.ended') return
        }
      }
      // The server closed the stream (a restart): come back, after a wait.
      if (!controller.signal.aborted) fail(false)
    } catch {
      // The connection broke mid-stream.
      if (!controller.signal.aborted) fail(true)
    }
  })()

  return () => controller.abort()
}
