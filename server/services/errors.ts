import type { RefusalStatus } from '../../contract/endpoint'
import type { RetryLaterData } from '../../contract/envelope'

/**
 * An expected refusal with the answer the caller must get: services throw it, and the app's error
 * handler (server/app.ts) turns it into the envelope once, so no route needs a try/catch.
 */
export class DomainError extends Error {
  override name = 'DomainError'

  constructor(
    readonly status: RefusalStatus,
    message: string,
    /** The envelope's data: null, or details such as `{ fields: { email: '...' } }`. */
    readonly data: unknown = null,
    /** Headers the answer needs, e.g. Retry-After on a 429 or a 503. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }
}

/** A refusal about one input field: the message also goes under that field (`data.fields`). */
export function fieldError(status: DomainError['status'], field: string, message: string) {
  return new DomainError(status, message, { fields: { [field]: message } })
}

/**
 * A refusal for a while (429, 503): Retry-After, and in `data` when to try again (RetryLaterData),
 * so a form can count it down.
 */
export function retryLater(
  status: 429 | 503,
  message: string,
  retryAfterSeconds: number,
  now: Date,
): DomainError {
  const data: RetryLaterData = {
    retryAfterSeconds,
    retryAt: new Date(now.getTime() + retryAfterSeconds * 1000).toISOString(),
  }
  return new DomainError(status, message, data, { 'Retry-After': String(retryAfterSeconds) })
}
