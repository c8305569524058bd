import { Fragment } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { drawVerificationMachine } from '../../../machines/draw-verification/draw-verification.machine'
import {
  selectCheck,
  selectProof,
  selectVerificationError,
  selectVerificationStatus,
} from '../../../machines/draw-verification/draw-verification.selectors'
import { selectPagination } from '../../../machines/resource/resource.selectors'
import type { LotteryDraw } from '../../../contract/lottery'
import { drawMessage } from '../../../contract/lottery'
import { formatDateTime } from '../../format/dates'
import { formatInteger, formatMoney } from '../../../contract/money-text'
import { lottery, verification } from '../../copy/lottery'
import { usePageActor } from '../../app/use-page-actor'
import { ResourceStatus } from '../../components/resource-status'
import { Spinner } from '../../components/spinner'
import { drawVerificationActors, type lotteryHistoryMachine } from './lottery.actors'

type Verifier = ActorRefFrom<typeof drawVerificationMachine>

/** The table of past draws, each with what anyone needs to check it and a VERIFICAR button. */
export function DrawHistory({ history }: { history: ActorRefFrom<typeof lotteryHistoryMachine> }) {
  const verifier = usePageActor(drawVerificationMachine, drawVerificationActors)
  const pagination = useSelector(history, selectPagination)
  const checking = useSelector(verifier, selectProof)

  return (
    <section className="card draw-history" aria-labelledby="history-title">
      <h2 id="history-title" className="card__title">
        {lottery.historyTitle}
      </h2>
      <ResourceStatus actor={history} loading={lottery.loadingHistory} empty={lottery.historyEmpty}>
        {({ draws, signedIn }) => (
          <div className="table-scroll">
            <table className="table draw-table">
              <caption className="visually-hidden">{lottery.historyCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{lottery.columns.draw}</th>
                  <th scope="col">{lottery.columns.date}</th>
                  <th scope="col">{lottery.columns.prize}</th>
                  <th scope="col">{lottery.columns.entries}</th>
                  <th scope="col">{lottery.columns.winner}</th>
                  {signedIn ? <th scope="col">{lottery.columns.mine}</th> : null}
                  <th scope="col">{lottery.columns.verify}</th>
                </tr>
              </thead>
              <tbody>
                {draws.map((draw) => (
                  <Fragment key={draw.id}>
                    <DrawRow draw={draw} signedIn={signedIn} verifier={verifier} />
                    {checking?.number === draw.number ? (
                      <tr className="draw-table__check">
                        <td colSpan={signedIn ? 7 : 6}>
                          <DrawCheck draw={draw} verifier={verifier} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ResourceStatus>
      {pagination && pagination.totalPages > 1 ? (
        <nav className="pager" aria-label={lottery.pages}>
          <button
            type="button"
            className="button button--small"
            disabled={pagination.page <= 1}
            onClick={() => history.send({ type: 'page.go', page: pagination.page - 1 })}
          >
            {lottery.previous}
          </button>
          <span>{lottery.page(pagination.page, pagination.totalPages)}</span>
          <button
            type="button"
            className="button button--small"
            disabled={pagination.page >= pagination.totalPages}
            onClick={() => history.send({ type: 'page.go', page: pagination.page + 1 })}
          >
            {lottery.nextPage}
          </button>
        </nav>
      ) : null}
    </section>
  )
}

function DrawRow({
  draw,
  signedIn,
  verifier,
}: {
  draw: LotteryDraw
  signedIn: boolean
  verifier: Verifier
}) {
  const { winner, seed } = draw
  const mine = draw.myEntry?.ticket ?? null
  return (
    <tr>
      <th scope="row" data-label={lottery.columns.draw}>
        {lottery.drawNumber(draw.number)}
      </th>
      <td data-label={lottery.columns.date}>{formatDateTime(draw.closesAt)}</td>
      <td data-label={lottery.columns.prize}>{formatMoney(draw.prize)}</td>
      <td data-label={lottery.columns.entries}>{formatInteger(draw.entries)}</td>
      <td data-label={lottery.columns.winner}>
        {winner ? lottery.winnerCell(winner.ticket, winner.name) : lottery.noWinner}
      </td>
      {signedIn ? (
        <td data-label={lottery.columns.mine}>
          {mine === null ? lottery.notEntered : lottery.myTicket(mine, mine === winner?.ticket)}
        </td>
      ) : null}
      <td data-label={lottery.columns.verify}>
        {winner && seed ? (
          <button
            type="button"
            className="button button--small"
            aria-label={lottery.verifyLabel(draw.number)}
            onClick={() =>
              verifier.send({
                type: 'verify.start',
                proof: {
                  number: draw.number,
                  seed,
                  seedHash: draw.seedHash,
                  entries: draw.entries,
                  winnerTicket: winner.ticket,
                },
              })
            }
          >
            {lottery.verify}
          </button>
        ) : (
          lottery.notEntered
        )}
      </td>
    </tr>
  )
}

function Verdict({ ok }: { ok: boolean }) {
  return (
    <span className={ok ? 'verdict verdict--ok' : 'verdict verdict--bad'}>
      {ok ? verification.match : verification.noMatch}
    </span>
  )
}

/** The browser's recomputation of one draw, step by step. */
function DrawCheck({ draw, verifier }: { draw: LotteryDraw; verifier: Verifier }) {
  const status = useSelector(verifier, selectVerificationStatus)
  const check = useSelector(verifier, selectCheck)
  const error = useSelector(verifier, selectVerificationError)
  const seed = draw.seed ?? ''

  return (
    <section className="draw-check" aria-label={verification.title(draw.number)}>
      <h3>{verification.title(draw.number)}</h3>
      {status === 'verifying' ? <Spinner label={verification.verifying} /> : null}
      {error ? (
        <div role="alert">
          <p>{error}</p>
          <p className="muted">{verification.unavailableHint}</p>
        </div>
      ) : null}
      <dl className="draw-check__steps">
        <dt>{verification.seed}</dt>
        <dd>
          <code className="hash">{seed}</code>
        </dd>
        <dt>{verification.publishedHash}</dt>
        <dd>
          <code className="hash">{draw.seedHash}</code>
        </dd>
        {check ? (
          <>
            <dt>{verification.computedHash}</dt>
            <dd>
              <code className="hash">{check.seedHash}</code> <Verdict ok={check.seedMatches} />
            </dd>
          </>
        ) : null}
        <dt>{verification.message}</dt>
        <dd>
          <code className="hash">{drawMessage(seed, draw.entries)}</code>
        </dd>
        {check ? (
          <>
            <dt>{verification.digest}</dt>
            <dd>
              <code className="hash">{check.digest}</code>
            </dd>
            <dt>{verification.formula(draw.entries)}</dt>
            <dd>
              {verification.computedTicket(check.computedTicket)} ·{' '}
              {verification.announcedTicket(draw.winner?.ticket ?? 0)}{' '}
              <Verdict ok={check.ticketMatches} />
            </dd>
          </>
        ) : null}
      </dl>
      {status === 'verified' ? (
        <p className="draw-check__verdict draw-check__verdict--ok" role="status">
          {verification.fair}
        </p>
      ) : null}
      {status === 'mismatch' ? (
        <p className="draw-check__verdict draw-check__verdict--bad" role="alert">
          {verification.unfair}
        </p>
      ) : null}
      <details>
        <summary>{verification.tickets(draw.tickets.length)}</summary>
        <ol className="ticket-list">
          {draw.tickets.map((ticket) => (
            <li key={ticket.ticket} value={ticket.ticket}>
              {ticket.name}
            </li>
          ))}
        </ol>
      </details>
      {status === 'verifying' ? null : (
        <button
          type="button"
          className="button button--small"
          onClick={() => verifier.send({ type: 'verify.close' })}
        >
          {verification.close}
        </button>
      )}
    </section>
  )
}
