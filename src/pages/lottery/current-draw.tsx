import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { lotteryEntryMachine } from '../../../machines/lottery-entry/lottery-entry.machine'
import {
  selectDraw,
  selectEntryError,
  selectEntryStatus,
  selectMyTicket,
} from '../../../machines/lottery-entry/lottery-entry.selectors'
import { selectBalances } from '../../../machines/session/session.selectors'
import type { ActorRefFrom } from 'xstate'
import type { LotteryDraw } from '../../../contract/lottery'
import { formatTimeLeft, formatDateTime } from '../../format/dates'
import { formatInteger, formatMoney } from '../../../contract/money-text'
import { lottery } from '../../copy/lottery'
import { useAppActors } from '../../app/app-context'
import { useTimeLeft } from '../../shared/use-time-left'
import { Modal } from '../../components/modal'
import { Spinner } from '../../components/spinner'
import { RetryPanel } from '../../components/retry'
import { FormError } from '../../components/form-error'

/** This week's draw: its date, prize and price, and the player's part in it. */
export function CurrentDraw({ entry }: { entry: ActorRefFrom<typeof lotteryEntryMachine> }) {
  const status = useSelector(entry, selectEntryStatus)
  const draw = useSelector(entry, selectDraw)
  const error = useSelector(entry, selectEntryError)
  const ticket = useSelector(entry, selectMyTicket)
  const send = entry.send

  if (status === 'loading' && !draw) {
    return (
      <section className="card draw-card" aria-label={lottery.loading}>
        <Spinner label={lottery.loading} />
      </section>
    )
  }
  if (status === 'failed') {
    return (
      <RetryPanel
        title={lottery.failed}
        error={error}
        onRetry={() => send({ type: 'draw.refresh' })}
        className="card draw-card"
      />
    )
  }
  if (status === 'none' || !draw) {
    return (
      <section className="card draw-card">
        <p>{lottery.none}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => send({ type: 'draw.refresh' })}
        >
          {lottery.refresh}
        </button>
      </section>
    )
  }

  return (
    <section className="card card--gold draw-card" aria-labelledby="draw-title">
      <DrawFacts draw={draw} />
      <div className="draw-card__action" aria-live="polite">
        {status === 'visitor' ? (
          <>
            <p>{lottery.visitor}</p>
            <Link className="button button--gold" to="/?path=lottery">
              {lottery.login}
            </Link>
          </>
        ) : null}
        {status === 'open' || status === 'confirming' || status === 'entering' ? (
          <>
            <FormError message={error} />
            <button
              type="button"
              className="button button--gold button--block"
              disabled={status === 'entering'}
              onClick={() => send({ type: 'entry.request' })}
            >
              {status === 'entering' ? lottery.entering : lottery.enter}
            </button>
          </>
        ) : null}
        {status === 'entered' ? (
          <Notice
            text={lottery.entered}
            hint={lottery.enteredHint}
            onRefresh={() => send({ type: 'draw.refresh' })}
          />
        ) : null}
        {status === 'closed' ? (
          <Notice text={lottery.closed} onRefresh={() => send({ type: 'draw.refresh' })} />
        ) : null}
        {status === 'won' || status === 'lost' || status === 'missed' ? (
          <>
            <p
              className={
                status === 'won' ? 'draw-card__result draw-card__result--won' : 'draw-card__result'
              }
            >
              {resultText(status, draw, ticket)}
            </p>
            <button
              type="button"
              className="button button--small"
              onClick={() => send({ type: 'draw.next' })}
            >
              {lottery.next}
            </button>
          </>
        ) : null}
      </div>
      <ConfirmEntry
        open={status === 'confirming'}
        draw={draw}
        onConfirm={() => send({ type: 'entry.confirm' })}
        onCancel={() => send({ type: 'entry.cancel' })}
      />
    </section>
  )
}

function resultText(status: 'won' | 'lost' | 'missed', draw: LotteryDraw, ticket: number | null) {
  const winner = draw.winner
  if (!winner) return lottery.noEntries
  if (status === 'won') return lottery.won(winner.ticket, formatMoney(draw.prize))
  if (status === 'lost' && ticket !== null) return lottery.lost(ticket, winner.ticket)
  return lottery.missed(winner.ticket, winner.name)
}

function DrawFacts({ draw }: { draw: LotteryDraw }) {
  const left = useTimeLeft(draw.status === 'open' ? draw.closesAt : null)
  return (
    <>
      <div className="draw-card__head">
        <h2 id="draw-title" className="card__title">
          {lottery.drawNumber(draw.number)}
        </h2>
        {left !== null ? (
          <p className="draw-card__countdown" role="timer">
            {lottery.closesIn(formatTimeLeft(left))}
          </p>
        ) : null}
      </div>
      <dl className="facts">
        <div className="facts__item facts__item--prize">
          <dt>{lottery.prize}</dt>
          <dd>{formatMoney(draw.prize)}</dd>
        </div>
        <div className="facts__item">
          <dt>{lottery.date}</dt>
          <dd>{formatDateTime(draw.closesAt)}</dd>
        </div>
        <div className="facts__item">
          <dt>{lottery.entryPrice}</dt>
          <dd>{formatMoney(draw.entryPrice)}</dd>
        </div>
        <div className="facts__item">
          <dt>{lottery.entries}</dt>
          <dd>{formatInteger(draw.entries)}</dd>
        </div>
      </dl>
      <details className="commitment">
        <summary>{lottery.commitment}</summary>
        <p className="muted">{lottery.commitmentHint}</p>
        <code className="hash">{draw.seedHash}</code>
      </details>
    </>
  )
}

function Notice({ text, hint, onRefresh }: { text: string; hint?: string; onRefresh: () => void }) {
  return (
    <>
      <p className="draw-card__result draw-card__result--entered">{text}</p>
      {hint ? <p className="muted">{hint}</p> : null}
      <button type="button" className="button button--small" onClick={onRefresh}>
        {lottery.refresh}
      </button>
    </>
  )
}

function ConfirmEntry({
  open,
  draw,
  onConfirm,
  onCancel,
}: {
  open: boolean
  draw: LotteryDraw
  onConfirm: () => void
  onCancel: () => void
}) {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  const balance = balances ? balances[draw.entryPrice.currency] : null
  return (
    <Modal
      open={open}
      title={lottery.confirmTitle(draw.number)}
      onClose={onCancel}
      width={420}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {lottery.cancel}
          </button>
          <button type="button" className="button button--gold" onClick={onConfirm}>
            {lottery.confirm}
          </button>
        </>
      }
    >
      <p>{lottery.confirmText(formatMoney(draw.entryPrice))}</p>
      {balance !== null ? (
        <p className="muted">
          {lottery.confirmBalance(
            formatMoney({ currency: draw.entryPrice.currency, amount: balance }),
          )}
        </p>
      ) : null}
    </Modal>
  )
}
