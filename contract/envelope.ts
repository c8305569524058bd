/** Every API answer, success or failure, is this body, and its HTTP status equals `status`. */
export type Envelope<T> = {
  status: number
  message: string
  data: T
}

/** `data` of a 400 caused by invalid input: the first message per field, keyed by field name. */
export type ValidationErrorData = {
  fields: Record<string, string>
}

/**
 * `data` of a refusal for a while (429 too many attempts, 503 busy): when to try again, as the
 * seconds the Retry-After header gives and as the server's instant, for a countdown.
 */
export type RetryLaterData = {
  retryAfterSeconds: number
  retryAt: string
}
