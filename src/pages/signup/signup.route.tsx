import { useSelector } from '@xstate/react'
import { Link, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { signupMachine } from '../../../machines/signup/signup.machine'
import type { SignupTab } from '../../../machines/signup/signup.machine'
import {
  selectCanRetryCode,
  selectCanSubmit,
  selectCode,
  selectCodeError,
  selectFieldErrors,
  selectFormError,
  selectIsCodeChecking,
  selectIsCodeConfirmed,
  selectIsSubmitting,
  selectParentName,
  selectTab,
} from '../../../machines/signup/signup.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { signupFields } from '../../../contract/auth'
import { signup } from '../../copy/signup'
import { useAppActors } from '../../app/app-context'
import { useHydrated } from '../../app/use-hydrated'
import { usePageActor } from '../../app/use-page-actor'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { pageIcons } from '../../components/page-icons'
import { Spinner } from '../../components/spinner'
import { Tabs } from '../../components/tabs'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import { signupActors } from './signup.actors'
import { RetryButton } from '../../components/retry'
import { FormError } from '../../components/form-error'

const tabs: readonly { id: SignupTab; label: string }[] = [
  { id: 'withCode', label: signup.tabWithCode },
  { id: 'withoutCode', label: signup.tabWithoutCode },
]

/** /signup: with a referral code (checked by the server first) or how to get one. */
export function Component() {
  const { ui, toaster, config } = useAppActors()
  const navigate = useNavigate()
  const signupActor = usePageActor(signupMachine, signupActors, {
    effects: {
      // The account exists: the app takes the new player to '/' to log in, email filled in.
      'signup.succeeded': ({ email }) => {
        ui.send({ type: 'loginForm.show' })
        toaster.send({
          type: 'toast.show',
          message: signup.accountCreated,
          placement: 'bottom-right',
        })
        void navigate('/', { state: { email } })
      },
    },
  })
  const tab = useSelector(signupActor, selectTab)
  const chatLink = useSelector(config, (snapshot) => selectData(snapshot)?.links.chat)
  const hydrated = useHydrated()

  return (
    <div className="page signup">
      <div className="page__header">
        <h1>{signup.title}</h1>
        <p>{signup.intro}</p>
      </div>
      <fieldset className="card plain-fieldset" disabled={!hydrated}>
        <Tabs
          label={signup.tabsLabel}
          tabs={tabs}
          selected={tab}
          onSelect={(id) => signupActor.send({ type: 'tab.select', tab: id })}
        >
          {tab === 'withCode' ? (
            <SignupForm actor={signupActor} />
          ) : (
            <div className="without-code">
              <h2>{signup.withoutCodeTitle}</h2>
              <p>{signup.withoutCodeText}</p>
              {chatLink ? (
                <ExternalLink className="button button--teal" href={chatLink}>
                  <Icon path={pageIcons.chat} />
                  {signup.contact}
                </ExternalLink>
              ) : (
                <Link className="button button--teal" to="/support">
                  <Icon path={pageIcons.chat} />
                  {signup.contact}
                </Link>
              )}
            </div>
          )}
        </Tabs>
      </fieldset>
      <p className="muted">
        {signup.haveAccount}{' '}
        <Link to="/" onClick={() => ui.send({ type: 'loginForm.show' })}>
          {signup.loginLink}
        </Link>
      </p>
    </div>
  )
}

type SignupActor = ActorRefFrom<typeof signupMachine>

function SignupForm({ actor }: { actor: SignupActor }) {
  const code = useSelector(actor, selectCode)
  const checking = useSelector(actor, selectIsCodeChecking)
  const confirmed = useSelector(actor, selectIsCodeConfirmed)
  const parentName = useSelector(actor, selectParentName)
  const codeError = useSelector(actor, selectCodeError)
  const canRetryCode = useSelector(actor, selectCanRetryCode)
  const canSubmit = useSelector(actor, selectCanSubmit)
  const submitting = useSelector(actor, selectIsSubmitting)
  const formError = useSelector(actor, selectFormError)
  const serverErrors = useSelector(actor, selectFieldErrors)

  const form = useForm(signupFields, { name: '', email: '', phone: '', password: '' }, serverErrors)
  const submitHintId = 'signup-submit-hint'

  return (
    <form
      className="form"
      noValidate
      aria-label={signup.title}
      onSubmit={form.handleSubmit((fields) => actor.send({ type: 'signup.submit', ...fields }))}
    >
      <TextField
        label={signup.code}
        name="parentCode"
        inputClassName="input--code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        value={code}
        error={codeError ?? serverErrors.parentCode ?? null}
        onChange={(event) => actor.send({ type: 'code.change', value: event.target.value })}
        addon={
          confirmed ? (
            <span className="code-check" role="img" aria-label={signup.confirmed}>
              <Icon path={pageIcons.check} />
            </span>
          ) : (
            <button
              type="button"
              className="button button--small"
              onClick={() => actor.send({ type: 'code.paste' })}
            >
              <Icon path={pageIcons.paste} />
              {signup.paste}
            </button>
          )
        }
      />
      <div aria-live="polite">
        {checking ? <Spinner label={signup.checking} /> : null}
        {parentName ? (
          <div className="parent">
            <span className="parent__avatar" aria-hidden="true">
              {parentName.slice(0, 1).toUpperCase()}
            </span>
            <p className="code-status code-status--confirmed">{signup.invitedBy(parentName)}</p>
          </div>
        ) : null}
        {canRetryCode ? <RetryButton onRetry={() => actor.send({ type: 'code.retry' })} /> : null}
      </div>

      <div className="form__grid">
        <TextField
          label={signup.name}
          autoComplete="name"
          className="field--wide"
          {...form.field('name')}
        />
        <TextField
          label={signup.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        <TextField
          label={signup.phone}
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          hint={signup.phoneHint}
          {...form.field('phone')}
        />
        <TextField
          label={signup.password}
          type="password"
          autoComplete="new-password"
          hint={signup.passwordHint}
          className="field--wide"
          {...form.field('password')}
        />
      </div>

      <FormError message={formError} />
      <button
        type="submit"
        className="button button--gold button--block"
        disabled={!canSubmit}
        aria-describedby={canSubmit ? undefined : submitHintId}
      >
        {submitting ? signup.submitting : signup.submit}
      </button>
      {canSubmit || submitting ? null : (
        <p id={submitHintId} className="field__hint">
          {signup.needsCode}
        </p>
      )}
    </form>
  )
}
