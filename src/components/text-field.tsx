import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string
  /** The message under the field; marks the input invalid. */
  error?: string | null
  hint?: string
  /** Something next to the input on the same row (a paste button, a success icon). */
  addon?: ReactNode
  inputRef?: Ref<HTMLInputElement>
  className?: string
  inputClassName?: string
}

/** A labelled input with its hint and error wired to aria-describedby and aria-invalid. */
export function TextField({
  label,
  error,
  hint,
  addon,
  inputRef,
  className,
  inputClassName,
  ...inputProps
}: TextFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const input = (
    <input
      {...inputProps}
      ref={inputRef}
      id={id}
      className={inputClassName ? `input ${inputClassName}` : 'input'}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  )
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="field__row">
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
