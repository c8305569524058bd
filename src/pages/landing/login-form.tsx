import { useState, type FormEvent } from 'react'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import * as v from 'valibot'
import { selectIsSubmitting, selectLoginError } from '../../../machines/session/session.selectors'
import { loginBody } from '../../../contract/auth'
import { landing, login } from '../../copy/es-co'
import { useAppActors } from '../../app/app-context'
import { TextField } from '../../components/text-field'
import { firstMessages } from '../form-errors'

type LoginField = 'email' | 'password'

/**
 * The login form. It checks the fields with the contract's schema before sending anything; the
 * session machine says whether it is sending and what the server answered.
 */
export function LoginForm({
  initialEmail,
  onClose,
}: {
  initialEmail: string
  onClose: () => void
}) {
  const { session } = useAppActors()
  const submitting = useSelector(session, selectIsSubmitting)
  const serverError = useSelector(session, selectLoginError)
  const [values, setValues] = useState({ email: initialEmail, password: '' })
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({})

  function change(field: LoginField, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = v.safeParse(loginBody, values)
    if (!result.success) {
      setErrors(firstMessages(result.issues))
      const firstInvalid =
        event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]')
      firstInvalid?.focus()
      return
    }
    setErrors({})
    session.send({ type: 'login.submit', ...result.output })
  }

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <div className="login-card__header">
        <h2 id="login-title">{login.title}</h2>
        <button type="button" className="modal__close" aria-label={login.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <form className="form" noValidate onSubmit={submit} aria-labelledby="login-title">
        <TextField
          label={login.email}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus={!initialEmail}
          value={values.email}
          error={errors.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <TextField
          label={login.password}
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus={Boolean(initialEmail)}
          value={values.password}
          error={errors.password}
          onChange={(event) => change('password', event.target.value)}
        />
        {serverError ? (
          <p className="form__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="button button--gold button--block" disabled={submitting}>
          {submitting ? login.submitting : login.submit}
        </button>
      </form>
      <p className="login-card__footer">
        {landing.noAccount} <Link to="/signup">{landing.signupLink}</Link>
      </p>
    </section>
  )
}
