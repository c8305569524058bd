import { useEffect, useState, type FormEvent } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Link, useNavigate } from 'react-router-dom'
import * as v from 'valibot'
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
import { emailField, mobileField, nameField, passwordField } from '../../../contract/fields'
import { common, signup, toasts } from '../../copy/es-co'
import { useAppActors } from '../../app/app-context'
import { Icon } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { pageIcons } from '../../components/page-icons'
import { Spinner } from '../../components/spinner'
import { Tabs } from '../../components/tabs'
import { TextField } from '../../components/text-field'
import { fieldMessage, firstMessages } from '../form-errors'

const fieldSchemas = {
  name: nameField,
  email: emailField,
  phone: mobileField,
  password: passwordField,
} as const

type Field = keyof typeof fieldSchemas

const fieldsSchema = v.object(fieldSchemas)

const tabs: readonly { id: SignupTab; label: string }[] = [
  { id: 'withCode', label: signup.tabWithCode },
  { id: 'withoutCode', label: signup.tabWithoutCode },
]

/** /signup: with a referral code (checked by the server first) or how to get one. */
export function Component() {
  const { logic, ui, toaster, config } = useAppActors()
  const navigate = useNavigate()
  const [machine] = useState(() => signupMachine.provide({ actors: logic.signup }))
  const signupActor = useActorRef(machine)
  const tab = useSelector(signupActor, selectTab)
  const chatLink = useSelector(config, (snapshot) => selectData(snapshot)?.links.chat)

  // The machine says the account exists; the app takes the player to '/' to log in.
  useEffect(() => {
    const subscription = signupActor.on('signup.succeeded', ({ email }) => {
      ui.send({ type: 'loginForm.show' })
      toaster.send({
        type: 'toast.show',
        message: toasts.accountCreated,
        placement: 'bottom-right',
      })
      void navigate('/', { state: { email } })
    })
    return () => subscription.unsubscribe()
  }, [signupActor, ui, toaster, navigate])

  return (
    <div className="page signup">
      <div className="page__header">
        <h1>{signup.title}</h1>
        <p>{signup.intro}</p>
      </div>
      <div className="card">
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
      </div>
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

  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    phone: '',
    password: '',
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    // Once a field shows an error, it is checked as the player types so it clears when fixed.
    if (errors[field]) {
      setErrors((current) => ({
        ...current,
        [field]: fieldMessage(fieldSchemas[field], value) ?? undefined,
      }))
    }
  }

  function blur(field: Field) {
    if (values[field] === '') return
    setErrors((current) => ({
      ...current,
      [field]: fieldMessage(fieldSchemas[field], values[field]) ?? undefined,
    }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = v.safeParse(fieldsSchema, values)
    if (!result.success) {
      setErrors(firstMessages(result.issues))
      const form = event.currentTarget
      // Focus after React has marked the fields invalid.
      queueMicrotask(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    actor.send({ type: 'signup.submit', ...result.output })
  }

  const errorOf = (field: Field) => errors[field] ?? serverErrors[field] ?? null
  const submitHintId = 'signup-submit-hint'

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={signup.title}>
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
        {canRetryCode ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'code.retry' })}
          >
            {common.retry}
          </button>
        ) : null}
      </div>

      <div className="form__grid">
        <TextField
          label={signup.name}
          name="name"
          autoComplete="name"
          className="field--wide"
          value={values.name}
          error={errorOf('name')}
          onChange={(event) => change('name', event.target.value)}
          onBlur={() => blur('name')}
        />
        <TextField
          label={signup.email}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          error={errorOf('email')}
          onChange={(event) => change('email', event.target.value)}
          onBlur={() => blur('email')}
        />
        <TextField
          label={signup.phone}
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="numeric"
          hint={signup.phoneHint}
          value={values.phone}
          error={errorOf('phone')}
          onChange={(event) => change('phone', event.target.value)}
          onBlur={() => blur('phone')}
        />
        <TextField
          label={signup.password}
          type="password"
          name="password"
          autoComplete="new-password"
          hint={signup.passwordHint}
          className="field--wide"
          value={values.password}
          error={errorOf('password')}
          onChange={(event) => change('password', event.target.value)}
          onBlur={() => blur('password')}
        />
      </div>

      {formError ? (
        <p className="form__error" role="alert">
          {formError}
        </p>
      ) : null}
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
