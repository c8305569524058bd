import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import {
  selectOperation,
  selectProblem,
  selectQuote,
  selectStep,
} from '../../machines/battery-operation/battery-operation.selectors'
import { operationDialog as copy, operationTitles } from '../copy/battery-operation'
import { formatInteger, formatMoney } from '../../contract/money-text'
import { Modal } from './modal'
import { Spinner } from './spinner'
import './economy.css'
import { RetryButton } from './retry'
import { FormError } from './form-error'

type OperationActor = ActorRefFrom<typeof batteryOperationMachine>

/**
 * The dialog of a battery operation: the server's preview (what is paid and received, batteries
 * and gems a day before and after), the confirmation, the wait, and the outcome or its reason.
 */
export function BatteryOperationDialog({ actor }: { actor: OperationActor }) {
  const step = useSelector(actor, selectStep)
  const operation = useSelector(actor, selectOperation)
  const quote = useSelector(actor, selectQuote)
  const problem = useSelector(actor, selectProblem)
  if (step === 'idle' || operation === null) return null

  const close = () =>
    actor.send({
      type: step === 'done' || step === 'failed' ? 'operation.dismiss' : 'operation.cancel',
    })
  const busy = step === 'quoting' || step === 'submitting'
  const title =
    step === 'done'
      ? copy.doneTitle
      : step === 'blocked'
        ? copy.blockedTitle
        : step === 'failed'
          ? copy.failedTitle
          : operationTitles[operation]

  return (
    <Modal
      open
      title={title}
      onClose={busy ? undefined : close}
      footer={
        step === 'confirming' ? (
          <>
            <button type="button" className="button button--ghost" onClick={close}>
              {copy.cancel}
            </button>
            <button
              type="button"
              className="button button--gold"
              onClick={() => actor.send({ type: 'operation.confirm' })}
            >
              {copy.confirm}
            </button>
          </>
        ) : step === 'failed' ? (
          <>
            <button type="button" className="button button--ghost" onClick={close}>
              {copy.close}
            </button>
            <RetryButton onRetry={() => actor.send({ type: 'operation.retry' })} tone="teal" />
          </>
        ) : step === 'done' || step === 'blocked' ? (
          <button type="button" className="button button--teal" onClick={close}>
            {copy.close}
          </button>
        ) : null
      }
    >
      {step === 'quoting' ? <Spinner label={copy.quoting} /> : null}
      {step === 'submitting' ? <Spinner label={copy.submitting} /> : null}
      <FormError message={problem} />
      {step === 'done' ? <p role="status">{copy.done}</p> : null}
      {quote && (step === 'confirming' || step === 'done') ? (
        <dl className="quote">
          {quote.spend ? (
            <div>
              <dt>{copy.youSpend}</dt>
              <dd>{formatMoney(quote.spend)}</dd>
            </div>
          ) : null}
          {quote.receive ? (
            <div>
              <dt>{copy.youReceive}</dt>
              <dd>{formatMoney(quote.receive)}</dd>
            </div>
          ) : null}
          {quote.batteries.before !== quote.batteries.after ? (
            <div>
              <dt>{copy.batteries}</dt>
              <dd>
                {copy.change(
                  formatInteger(quote.batteries.before),
                  formatInteger(quote.batteries.after),
                )}
              </dd>
            </div>
          ) : null}
          {quote.gemsPerDay.before !== quote.gemsPerDay.after ? (
            <div>
              <dt>{copy.gemsPerDay}</dt>
              <dd>
                {copy.change(
                  formatInteger(quote.gemsPerDay.before),
                  formatInteger(quote.gemsPerDay.after),
                )}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </Modal>
  )
}
