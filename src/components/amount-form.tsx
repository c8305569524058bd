import * as v from 'valibot'
import { amountText, type Bounds } from '../../contract/amounts'
import { TextField } from './text-field'
import { useForm } from './use-form'
import './amount-form.css'

/**
 * A form of one whole amount and its button (buy batteries, melt, burn, pay a part): the field is
 * named as the spec names it, checked against the rule's bounds as the player types, and sent as
 * a number only when valid.
 */
export function AmountForm({
  name,
  label,
  hint,
  bounds,
  submit,
  disabled = false,
  onSubmit,
}: {
  name: string
  label: string
  hint?: string
  bounds: Bounds
  submit: string
  disabled?: boolean
  onSubmit: (amount: number) => void
}) {
  const form = useForm(v.object({ [name]: amountText(bounds) }), { [name]: '' })
  return (
    <form
      className="amount-form"
      noValidate
      onSubmit={form.handleSubmit((values) => onSubmit(values[name] as number))}
    >
      <TextField
        label={label}
        inputMode="numeric"
        hint={hint}
        autoComplete="off"
        {...form.field(name)}
      />
      <button type="submit" className="button button--teal" disabled={disabled}>
        {submit}
      </button>
    </form>
  )
}
