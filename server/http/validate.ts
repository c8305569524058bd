import { validator } from 'hono/validator'
import * as v from 'valibot'
import type { ValidationErrorData } from '../../contract/envelope'
import { apiMessages, validationMessages } from '../../contract/messages'
import { fail } from './envelope'

/** First message per field and the first message overall, from valibot's issues. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): {
  message: string
  data: ValidationErrorData
} {
  const fields: Record<string, string> = {}
  let first: string | null = null
  for (const issue of issues) {
    const field = v.getDotPath(issue)
    // An issue without a path is about the whole body (not an object, say); valibot's own
    // message for it is English, so the player gets a Spanish one.
    // A missing key is reported by the object schema itself, in English; it means "required".
    const missingKey = issue.type === 'object' && issue.received === 'undefined'
    const message =
      field === null
        ? apiMessages.invalidBody
        : missingKey
          ? validationMessages.required
          : issue.message
    first ??= message
    if (field !== null && !(field in fields)) fields[field] = message
  }
  return { message: first ?? apiMessages.invalidBody, data: { fields } }
}

/**
 * The dot path of the first string in `value` holding a NUL character ('' for the value itself),
 * or null. PostgreSQL's text cannot store U+0000, so such input would fail in the database as a
 * 500 instead of being refused up front like any other invalid value.
 */
function nulCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (typeof value !== 'object' || value === null) return null
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterPath(item, path === '' ? key : `${path}.${key}`)
    if (found !== null) return found
  }
  return null
}

/** Where a validator reads its input from; the names are Hono's validation targets. */
export type InputTarget = 'json' | 'param' | 'query'

/**
 * Hono validator backed by a contract schema: the handler receives the schema's output; invalid
 * input answers 400 with the first Spanish message and `data.fields`, before any work is done.
 * `endpoint()` mounts one for each request part a declaration names.
 */
export function inputValidator<T extends InputTarget, S extends v.GenericSchema>(
  target: T,
  schema: S,
) {
  return validator(target, (value, c) => {
    // valibot's object() accepts an array as an object whose keys are all missing.
    if (
      target === 'json' &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      return fail(c, 400, apiMessages.invalidBody, { fields: {} })
    }
    const nulAt = nulCharacterPath(value)
    if (nulAt !== null) {
      const message = validationMessages.characters
      return fail(c, 400, message, { fields: nulAt === '' ? {} : { [nulAt]: message } })
    }
    const result = v.safeParse(schema, value)
    if (!result.success) {
      const { message, data } = describeIssues(result.issues)
      return fail(c, 400, message, data)
    }
    return result.output as v.InferOutput<S>
  })
}
