import { catalogueMessages } from '../../contract/messages'

/**
 * How an I/O actor fails. The app's ApiError satisfies it structurally, so actors can reject with
 * it as is; machines read nothing else from a failure.
 */
export type RequestFailure = {
  status: number
  message: string
  /** True when the server never answered (offline, DNS, CORS, timeout). */
  network: boolean
  /** The envelope's data, e.g. `{ fields: { email: '...' } }` on a 400. */
  data?: unknown
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Reads a rejection as a RequestFailure. Anything else an actor throws (a bug, a browser API
 * refusing) is treated as "no answer", so the player still sees a Spanish message.
 */
export function toRequestFailure(error: unknown): RequestFailure {
  if (isRecord(error) && typeof error.status === 'number' && typeof error.message === 'string') {
    return {
      status: error.status,
      message: error.message,
      network: error.network === true,
      data: error.data,
    }
  }
  return { status: 400, message: catalogueMessages.network, network: true }
}

/**
 * An action or guard of the machine given the failed call's RequestFailure as its params:
 * `actions: withFailure('setError')` in an `onError` (or any event that carries `error`). It
 * builds the same `{ type, params }` object a transition would spell out, so the built machine,
 * its diagram and the path tools see the action's name as before.
 */
export function withFailure<TType extends string>(
  type: TType,
): { type: TType; params: (args: { event: { error: unknown } }) => RequestFailure } {
  return { type, params: ({ event }) => toRequestFailure(event.error) }
}

/** The field messages of a 400 answer (`data.fields`), or an empty record. */
export function readFieldErrors(failure: RequestFailure): Record<string, string> {
  const fields = isRecord(failure.data) ? failure.data.fields : undefined
  if (!isRecord(fields)) return {}
  const result: Record<string, string> = {}
  for (const [name, message] of Object.entries(fields)) {
    if (typeof message === 'string') result[name] = message
  }
  return result
}

/**
 * When a refusal for a while (429 too many attempts, 503 busy) says to try again: the server's
 * instant (`data.retryAt`) and the time left it counted (`data.retryAfterSeconds`, in ms); null
 * for any other failure.
 */
export function readRetryLater(
  failure: RequestFailure,
): { retryAt: string; retryAfterMs: number } | null {
  if (!isRecord(failure.data)) return null
  const { retryAt, retryAfterSeconds } = failure.data
  if (typeof retryAt !== 'string' || typeof retryAfterSeconds !== 'number') return null
  return { retryAt, retryAfterMs: retryAfterSeconds * 1000 }
}
