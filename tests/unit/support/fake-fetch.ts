import { vi } from 'vitest'

export type RecordedCall = {
  url: string
  method: string
  headers: Headers
  credentials: RequestCredentials | undefined
  body: unknown
}

type Answer = Response | Error | (() => Response | Promise<Response>)

/** A JSON envelope answer with the HTTP status equal to `status`, as the server sends it. */
export function envelope(status: number, message: string, data: unknown = null): Response {
  return new Response(JSON.stringify({ status, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/**
 * A fetch that answers from a queue and records every request, injected through configureHttp.
 * An Error in the queue rejects like a network failure; a call with nothing queued fails the test.
 */
export function createFakeFetch(...answers: Answer[]) {
  const queue = [...answers]
  const calls: RecordedCall[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined)
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body,
    })
    const answer = queue.shift()
    if (answer === undefined) throw new Error(`Unexpected request to ${String(input)}`)
    if (answer instanceof Error) throw answer
    return typeof answer === 'function' ? answer() : answer
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}
