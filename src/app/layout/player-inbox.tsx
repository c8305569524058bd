import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type { WelcomeMessage } from '../../../contract/inbox'
import { reactivationMachine } from '../../../machines/reactivation/reactivation.machine'
import {
  selectCode,
  selectCodeError,
  selectHasSponsor,
  selectIsRequired,
  selectIsSubmitting,
} from '../../../machines/reactivation/reactivation.selectors'
import { welcomeMessagesMachine } from '../../../machines/welcome-messages/welcome-messages.machine'
import {
  selectAcknowledgeError,
  selectCurrentMessage,
  selectIsAcknowledging,
  selectIsSettled,
  selectMessagePosition,
} from '../../../machines/welcome-messages/welcome-messages.selectors'
import { formatDay } from '../../format/dates'
import { formatPercent } from '../../format/numbers'
import { inbox as copy } from '../../copy/inbox'
import { Modal } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { useAppActors } from '../app-context'
import { usePageActor } from '../use-page-actor'
import { reactivationActors, welcomeMessagesActors } from './player-inbox.actors'
import { PlayerLive } from './player-live'
import './player-inbox.css'
import { FormError } from '../../components/form-error'

/**
 * What a signed-in player finds after login: the welcome messages one at a time, then, if their
 * account is penalized, the maintenance/reactivation modal. Its own chunk, loaded once signed in.
 */
export function PlayerInbox() {
  const { toaster } = useAppActors()
  const messages = usePageActor(welcomeMessagesMachine, welcomeMessagesActors)
  const reactivation = usePageActor(reactivationMachine, reactivationActors, {
    effects: {
      'account.reactivated': () =>
        toaster.send({ type: 'toast.show', message: copy.reactivation.done }),
    },
  })
  const messagesSettled = useSelector(messages, selectIsSettled)
  return (
    <>
      <PlayerLive />
      <WelcomeMessages actor={messages} />
      {messagesSettled ? <Reactivation actor={reactivation} /> : null}
    </>
  )
}

function messageText(message: WelcomeMessage): { title: string; text: string } {
  switch (message.kind) {
    case 'weeklyReset':
      return {
        title: copy.messages.weeklyReset.title,
        text: copy.messages.weeklyReset.text(
          formatDay(message.payload.week),
          message.payload.teamGems,
        ),
      }
    case 'penalty':
      return {
        title: copy.messages.penalty.title,
        text: copy.messages.penalty.text(
          formatDay(message.payload.week),
          message.payload.penalties,
        ),
      }
    case 'newRank':
      return {
        title: copy.messages.newRank.title,
        text: copy.messages.newRank.text(
          message.payload.rankName,
          formatPercent(message.payload.percent),
        ),
      }
    case 'gemsReceived':
      return {
        title: copy.messages.gemsReceived.title,
        text: copy.messages.gemsReceived.text(message.payload.fromName, message.payload.amount),
      }
    case 'terydollarOrder': {
      const order = copy.messages.terydollarOrder
      const { amount, outcome, reason } = message.payload
      return outcome === 'approved'
        ? { title: order.approvedTitle, text: order.approvedText(amount) }
        : { title: order.rejectedTitle, text: order.rejectedText(amount, reason) }
    }
  }
}

function WelcomeMessages({ actor }: { actor: ActorRefFrom<typeof welcomeMessagesMachine> }) {
  const message = useSelector(actor, selectCurrentMessage)
  const counter = useSelector(actor, selectMessagePosition)
  const acknowledging = useSelector(actor, selectIsAcknowledging)
  const error = useSelector(actor, selectAcknowledgeError)
  if (!message) return null
  const { title, text } = messageText(message)
  const acknowledge = () => actor.send({ type: 'message.acknowledge' })
  return (
    <Modal
      // A new key per message: each is its own dialog, focused as it appears.
      key={message.id}
      open
      title={title}
      width={440}
      className="welcome-message"
      footer={
        <button
          type="button"
          className="button button--gold"
          disabled={acknowledging}
          onClick={acknowledge}
        >
          {acknowledging ? copy.acknowledging : copy.acknowledge}
        </button>
      }
    >
      {counter ? <p className="muted">{copy.counter(counter.position, counter.total)}</p> : null}
      <p>{text}</p>
      {message.kind === 'newRank' ? (
        <p>
          <Link to="/progress" onClick={acknowledge}>
            {copy.messages.newRank.link}
          </Link>
        </p>
      ) : null}
      {message.kind === 'terydollarOrder' ? (
        <p>
          <Link to="/battery" onClick={acknowledge}>
            {copy.messages.terydollarOrder.link}
          </Link>
        </p>
      ) : null}
      <FormError message={error} />
    </Modal>
  )
}

function Reactivation({ actor }: { actor: ActorRefFrom<typeof reactivationMachine> }) {
  const required = useSelector(actor, selectIsRequired)
  const submitting = useSelector(actor, selectIsSubmitting)
  const code = useSelector(actor, selectCode)
  const error = useSelector(actor, selectCodeError)
  const hasSponsor = useSelector(actor, selectHasSponsor)
  return (
    <Modal open={required} title={copy.reactivation.title} width={440}>
      <form
        className="form"
        noValidate
        aria-label={copy.reactivation.title}
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'code.submit' })
        }}
      >
        <p>{copy.reactivation.text}</p>
        <p>{hasSponsor ? copy.reactivation.withSponsor : copy.reactivation.withoutSponsor}</p>
        <TextField
          label={copy.reactivation.code}
          name="code"
          inputClassName="input--code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          value={code}
          error={error}
          onChange={(event) => actor.send({ type: 'code.change', value: event.target.value })}
        />
        <div className="dialog-actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={submitting}
            onClick={() => actor.send({ type: 'reactivation.later' })}
          >
            {copy.reactivation.later}
          </button>
          <button type="submit" className="button button--gold" disabled={submitting}>
            {submitting ? copy.reactivation.submitting : copy.reactivation.submit}
          </button>
        </div>
      </form>
    </Modal>
  )
}
