import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type { MiningMode } from '../../../contract/mining'
import { miningModeMachine } from '../../../machines/mining-mode/mining-mode.machine'
import {
  selectCanSelect,
  selectLockable,
  selectMissingTerycarbons,
  selectMode,
  selectModeError,
  selectModeStatus,
  selectTerycarbons,
} from '../../../machines/mining-mode/mining-mode.selectors'
import { miningMode as copy } from '../../copy/mining-mode'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { Modal } from '../../components/modal'
import { Spinner } from '../../components/spinner'
import { miningModeActors } from './mining-mode.actors'
import './mining-mode.css'
import { RetryPanel } from '../../components/retry'
import { FormError } from '../../components/form-error'

type ModeActor = ActorRefFrom<typeof miningModeMachine>

/** /miningMode: terycarbons or gems; the gems option is locked until paid in terycarbons. */
export function Component() {
  const { toaster } = useAppActors()
  const actor = usePageActor(miningModeMachine, miningModeActors, {
    effects: {
      'mode.changed': ({ change }) => {
        const message = change.paid > 0 ? copy.changed.unlocked : copy.changed[change.mine.mode]
        const collected = change.collected ? ` ${copy.changed.collected(change.collected)}` : ''
        toaster.send({ type: 'toast.show', message: `${message}${collected}` })
      },
    },
  })
  const status = useSelector(actor, selectModeStatus)
  const error = useSelector(actor, selectModeError)

  return (
    <div className="page mining-mode">
      <div className="page__header">
        <h1>{copy.title}</h1>
        <p className="muted">{copy.intro}</p>
      </div>
      {status === 'loading' ? (
        <Spinner label={copy.loading} />
      ) : status === 'failed' ? (
        <RetryPanel
          title={copy.failed}
          error={error}
          onRetry={() => actor.send({ type: 'mode.retry' })}
        />
      ) : (
        <ModeChoice actor={actor} />
      )}
    </div>
  )
}

function ModeArt({ mode }: { mode: MiningMode }) {
  return mode === 'gems' ? (
    <svg className="mode-card__art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M20 15h24l11 12H9z" fill="#ffd36b" />
      <path d="M9 27h46L32 55z" fill="#f2b632" />
      <path
        d="M20 15l6 12 6-12 6 12 6-12M9 27h46M26 27l6 28 6-28"
        fill="none"
        stroke="#9a6a12"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  ) : (
    <svg className="mode-card__art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M32 6c7 9 15 16 15 28a15 15 0 0 1-30 0c0-6 3-11 7-15 .5 5 3 8 6 9.5C30 22 30 14 32 6z"
        fill="#3dd6c6"
      />
      <path d="M32 30c3 4 6 7 6 12a6 6 0 0 1-12 0c0-4 3-7 6-12z" fill="#eaf3f7" opacity=".8" />
    </svg>
  )
}

function LockArt() {
  return (
    <svg className="mode-card__lock" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 10V7a5 5 0 0 1 10 0v3M5 10h14v11H5z" />
    </svg>
  )
}

function ModeChoice({ actor }: { actor: ModeActor }) {
  const status = useSelector(actor, selectModeStatus)
  const mode = useSelector(actor, selectMode)
  const lockable = useSelector(actor, selectLockable)
  const terycarbons = useSelector(actor, selectTerycarbons)
  const missing = useSelector(actor, selectMissingTerycarbons)
  const error = useSelector(actor, selectModeError)
  const canPick = {
    terycarbons: useSelector(actor, (snapshot) => selectCanSelect(snapshot, 'terycarbons')),
    gems: useSelector(actor, (snapshot) => selectCanSelect(snapshot, 'gems')),
  }
  const price = lockable?.price ?? 0
  const locked = lockable !== null && !lockable.unlocked

  return (
    <>
      <p className="mining-mode__balance">{copy.balance(terycarbons)}</p>
      <ul className="mode-cards">
        {(['terycarbons', 'gems'] as const).map((option) => {
          const isActive = mode === option && status !== 'switching'
          const isLocked = option === 'gems' && locked
          return (
            <li
              key={option}
              className={`card mode-card${isActive ? ' mode-card--active' : ''}${isLocked ? ' mode-card--locked' : ''}`}
              aria-labelledby={`mode-${option}`}
            >
              <ModeArt mode={option} />
              <h2 id={`mode-${option}`}>{copy.modes[option].name}</h2>
              <p className="muted">{copy.modes[option].text}</p>
              {isActive ? (
                <p className="mode-card__state mode-card__state--active">{copy.active}</p>
              ) : isLocked ? (
                <>
                  <p className="mode-card__state">
                    <LockArt />
                    {copy.locked} · {copy.price(price)}
                  </p>
                  <button
                    type="button"
                    className="button button--gold"
                    aria-label={copy.unlockLabel(price)}
                    disabled={status !== 'locked'}
                    onClick={() => actor.send({ type: 'unlock.request' })}
                  >
                    {status === 'paying' ? copy.paying : copy.unlock}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button--teal"
                  disabled={!canPick[option]}
                  onClick={() => actor.send({ type: 'mode.select', mode: option })}
                >
                  {status === 'switching' ? copy.switching : copy.use}
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {error && status !== 'failed' ? <FormError message={error} /> : null}
      {status === 'short' ? (
        <section className="card short-notice" role="alert" aria-labelledby="short-title">
          <h2 id="short-title">{copy.short.title}</h2>
          <p>{copy.short.text(missing)}</p>
          <div className="short-notice__actions">
            <Link className="button button--gold" to="/mine">
              {copy.short.buy}
            </Link>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'short.dismiss' })}
            >
              {copy.short.dismiss}
            </button>
          </div>
        </section>
      ) : null}
      <Modal
        open={status === 'confirming'}
        title={copy.confirm.title}
        width={440}
        onClose={() => actor.send({ type: 'unlock.cancel' })}
        footer={
          <>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'unlock.cancel' })}
            >
              {copy.confirm.cancel}
            </button>
            <button
              type="button"
              className="button button--gold"
              onClick={() => actor.send({ type: 'unlock.confirm' })}
            >
              {copy.confirm.accept}
            </button>
          </>
        }
      >
        <p>{copy.confirm.text(price)}</p>
      </Modal>
    </>
  )
}
