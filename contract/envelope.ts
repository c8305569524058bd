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
