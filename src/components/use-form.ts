import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import * as v from 'valibot'

type TextSchema = v.GenericSchema<string, unknown>
type FormSchema = v.ObjectSchema<Record<string, TextSchema>, undefined>

/** The first Spanish message of one field's schema for a value, or null when it is valid. */
function messageOf(schema: TextSchema, value: string): string | null {
  const result = v.safeParse(schema, value)
  return result.success ? null : (result.issues[0]?.message ?? null)
}

/** The first Spanish message per field of a failed parse. */
function firstMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const result: Record<string, string> = {}
  for (const issue of issues) {
    const field = v.getDotPath(issue)
    if (field !== null && !(field in result)) result[field] = issue.message
  }
  return result
}

export type FormField = {
  name: string
  value: string
  error: string | null
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  onBlur: () => void
}

/**
 * A form checked with a contract schema before anything is sent, the one way forms validate:
 * a field is checked when the player leaves it, again as they type once it shows an error (so the
 * message goes away when fixed), and all at once on submit, which focuses the first invalid field
 * and sends nothing. `serverErrors` (a 400's `data.fields`, or a refusal about one field) show
 * under their fields too, until the player changes that field: they were about the value sent.
 */
export function useForm<TSchema extends FormSchema>(
  schema: TSchema,
  initial: Record<keyof TSchema['entries'] & string, string>,
  serverErrors: Readonly<Record<string, string>> = {},
) {
  type Field = keyof TSchema['entries'] & string
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  // The fields changed since the last submit: the server's word on them is about another value.
  const [edited, setEdited] = useState<Partial<Record<Field, true>>>({})
  const form = useRef<HTMLFormElement | null>(null)
  const [focusRequest, setFocusRequest] = useState(0)

  // After a refused submit has marked the fields invalid, take the player to the first one.
  useEffect(() => {
    if (focusRequest > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus()
    }
  }, [focusRequest])

  const check = (field: Field, value: string) =>
    setErrors((current) => ({
      ...current,
      [field]: messageOf(schema.entries[field] as TextSchema, value) ?? undefined,
    }))

  function field(name: Field): FormField {
    return {
      name,
      value: values[name],
      error: errors[name] ?? (edited[name] ? null : serverErrors[name]) ?? null,
      onChange: (event) => {
        const value = event.target.value
        setValues((current) => ({ ...current, [name]: value }))
        if (!edited[name]) setEdited((current) => ({ ...current, [name]: true }))
        if (errors[name]) check(name, value)
      },
      onBlur: () => {
        if (values[name] !== '') check(name, values[name])
      },
    }
  }

  /** The form's onSubmit: calls `onValid` with the schema's output only when every field is valid. */
  function handleSubmit(onValid: (output: v.InferOutput<TSchema>) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      form.current = event.currentTarget
      const result = v.safeParse(schema, values)
      if (!result.success) {
        setErrors(firstMessages(result.issues) as Partial<Record<Field, string>>)
        setFocusRequest((count) => count + 1)
        return
      }
      setErrors({})
      setEdited({})
      onValid(result.output)
    }
  }

  return { values, field, handleSubmit }
}
