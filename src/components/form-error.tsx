/**
 * The server's or the form's message about what the player sent (not a field's own, which
 * TextField shows under it), announced as an alert; nothing while there is none.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  )
}
