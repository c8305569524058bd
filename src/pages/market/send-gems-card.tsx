import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { gemTransferMachine } from '../../../machines/gem-transfer/gem-transfer.machine'
import {
  selectAmount,
  selectFailure,
  selectFieldErrors,
  selectRecipient,
  selectStep,
  selectTransfer,
} from '../../../machines/gem-transfer/gem-transfer.selectors'
import { sendGemsFields, type GemTransferRules } from '../../../contract/market'
import { formatDateTime } from '../../format/dates'
import { formatInteger } from '../../../contract/money-text'
import { market } from '../../copy/market'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import type { gemHistoryMachine } from './market.actors'
import { FormError } from '../../components/form-error'

type TransferActor = ActorRefFrom<typeof gemTransferMachine>

/**
 * Sending gems: the destination code and the amount (Gems to send), the recipient's name before
 * anything moves, the send, and the send history with its pages.
 */
export function SendGemsCard({
  actor,
  history,
  rules,
}: {
  actor: TransferActor
  history: ActorRefFrom<typeof gemHistoryMachine>
  rules: GemTransferRules
}) {
  const step = useSelector(actor, selectStep)
  return (
    <section className="card send" aria-labelledby="send-title">
      <h2 id="send-title" className="card__title">
        {market.sendTitle}
      </h2>
      <p className="muted">{market.sendIntro}</p>
      <div className="send__layout">
        <div aria-live="polite">
          {step === 'editing' || step === 'lookingUp' ? (
            <SendForm actor={actor} rules={rules} />
          ) : (
            <SendConfirmation actor={actor} />
          )}
        </div>
        <div>
          <h3>{market.sendHistoryTitle}</h3>
          <ResourceStatus
            actor={history}
            loading={market.loadingHistory}
            empty={market.noTransfers}
            failed={market.historyFailed}
          >
            {(transfers) => (
              <ul className="market-entries">
                {transfers.map((transfer) => (
                  <li key={transfer.id} className="entry">
                    <div>
                      <p className="entry__line">
                        {transfer.direction === 'sent'
                          ? market.transferSent(transfer.amount, transfer.counterpart.name)
                          : market.transferReceived(transfer.amount, transfer.counterpart.name)}
                      </p>
                      <p className="muted">
                        {formatDateTime(transfer.createdAt)}
                        {transfer.state === 'pending' && transfer.releaseAt
                          ? ` · ${market.arrives(formatDateTime(transfer.releaseAt))}`
                          : ''}
                      </p>
                    </div>
                    <span className={`state state--${transfer.state}`}>
                      {market.transferStates[transfer.state]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ResourceStatus>
          <Pager actor={history} label={market.sendHistoryTitle} />
        </div>
      </div>
    </section>
  )
}

function SendForm({ actor, rules }: { actor: TransferActor; rules: GemTransferRules }) {
  const step = useSelector(actor, selectStep)
  const failure = useSelector(actor, selectFailure)
  const fieldErrors = useSelector(actor, selectFieldErrors)
  const form = useForm(
    sendGemsFields(rules),
    { code: '', amount: '' },
    {
      ...fieldErrors,
      // A refused code (unknown, one's own) is said under the code.
      ...(failure && !fieldErrors.amount ? { code: fieldErrors.code ?? failure } : {}),
    },
  )
  const lookingUp = step === 'lookingUp'
  return (
    <form
      className="form"
      noValidate
      aria-label={market.sendTitle}
      onSubmit={form.handleSubmit((values) =>
        actor.send({ type: 'transfer.review', code: values.code, amount: values.amount }),
      )}
    >
      <TextField
        label={market.codeLabel}
        inputClassName="input--code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        {...form.field('code')}
      />
      <TextField
        label={market.gemsLabel}
        inputMode="numeric"
        autoComplete="off"
        hint={market.holdNote(rules.holdFrom, formatInteger(rules.holdHours))}
        {...form.field('amount')}
      />
      <button type="submit" className="button button--gold" disabled={lookingUp}>
        {lookingUp ? market.lookingUp : market.review}
      </button>
    </form>
  )
}

function SendConfirmation({ actor }: { actor: TransferActor }) {
  const step = useSelector(actor, selectStep)
  const recipient = useSelector(actor, selectRecipient)
  const amount = useSelector(actor, selectAmount)
  const failure = useSelector(actor, selectFailure)
  const transfer = useSelector(actor, selectTransfer)
  if (!recipient) return null
  if (transfer) {
    return (
      <div className="claim" role="status">
        <p className="claim__done">
          {transfer.state === 'pending' && transfer.releaseAt
            ? market.pending(amount, recipient.name, formatDateTime(transfer.releaseAt))
            : market.sent(amount, recipient.name)}
        </p>
        <button
          type="button"
          className="button button--gold"
          onClick={() => actor.send({ type: 'transfer.new' })}
        >
          {market.sendMore}
        </button>
      </div>
    )
  }
  const sending = step === 'sending'
  return (
    <div className="claim" role="group" aria-labelledby="send-confirm-title">
      <h3 id="send-confirm-title">{market.confirmTitle}</h3>
      <p className="recipient">
        <span className="recipient__avatar" aria-hidden="true">
          {recipient.name.slice(0, 1).toUpperCase()}
        </span>
        {market.confirmText(amount, recipient.name, recipient.code)}
      </p>
      <FormError message={failure} />
      {sending ? <Spinner label={market.sending} /> : null}
      <div className="claim__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={sending}
          onClick={() => actor.send({ type: 'transfer.edit' })}
        >
          {market.back}
        </button>
        <button
          type="button"
          className="button button--gold"
          disabled={sending}
          onClick={() => actor.send({ type: 'transfer.confirm' })}
        >
          {market.send}
        </button>
      </div>
    </div>
  )
}
