import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import {
  selectIsSubmitting,
  selectLoginError,
  selectLoginRetry,
} from '../../../machines/session/session.selectors'
import { loginBody } from '../../../contract/auth'
import { landing, login } from '../../copy/landing'
import { useAppActors } from '../../app/app-context'
import { TextField } from '../../components/text-field'
import { TimeLeft } from '../../components/time-left'
import { useForm } from '../../components/use-form'
import { FormError } from '../../components/form-error'

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
  const retry = useSelector(session, selectLoginRetry)
  const form = useForm(loginBody, { email: initialEmail, password: '' })

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <div className="login-card__header">
        <h2 id="login-title">{login.title}</h2>
        <button type="button" className="modal__close" aria-label={login.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <form
        className="form"
        noValidate
        aria-labelledby="login-title"
        onSubmit={form.handleSubmit((body) => session.send({ type: 'login.submit', ...body }))}
      >
        <TextField
          label={login.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus={!initialEmail}
          {...form.field('email')}
        />
        <TextField
          label={login.password}
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(initialEmail)}
          {...form.field('password')}
        />
        <FormError message={serverError} />
        {retry ? (
          <p className="form__countdown">
            <TimeLeft until={retry.retryAt} fallbackMs={retry.retryAfterMs}>
              {login.retryIn}
            </TimeLeft>
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--gold button--block"
          disabled={submitting || retry !== null}
        >
          {submitting ? login.submitting : login.submit}
        </button>
      </form>
      <p className="login-card__footer">
        {landing.noAccount} <Link to="/signup">{landing.signupLink}</Link>
      </p>
    </section>
  )
}
