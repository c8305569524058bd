import * as v from 'valibot'

/** The first Spanish message per field of a failed valibot parse. */
export function firstMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const nested: Record<string, string[] | undefined> =
    v.flatten(issues as [v.BaseIssue<unknown>]).nested ?? {}
  const result: Record<string, string> = {}
  for (const [field, messages] of Object.entries(nested)) {
    const first = messages?.[0]
    if (first) result[field] = first
  }
  return result
}

/** The first Spanish message of one field's schema for a value, or null when it is valid. */
export function fieldMessage(
  schema: v.GenericSchema<string, unknown>,
  value: string,
): string | null {
  const result = v.safeParse(schema, value)
  return result.success ? null : (result.issues[0]?.message ?? null)
}
