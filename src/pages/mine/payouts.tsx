import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { PayoutDetail, PayoutSummary } from '../../../contract/mining'
import { STATIONS } from '../../../contract/stations'
import { payoutExplanationMachine } from '../../../machines/payout-explanation/payout-explanation.machine'
import {
  selectExplainedPayout,
  selectExplanationError,
  selectIsExplanationLoading,
  selectIsExplanationOpen,
} from '../../../machines/payout-explanation/payout-explanation.selectors'
import { formatDateTime, formatDay } from '../../format/dates'
import { formatAmount, formatPercent } from '../../format/numbers'
import type { Currency } from '../../../contract/currencies'
import { formatInteger, formatMoney } from '../../../contract/money-text'
import { mine as copy } from '../../copy/mine'
import { payouts as words } from '../../copy/payouts'
import { usePageActor } from '../../app/use-page-actor'
import { Modal } from '../../components/modal'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { Spinner } from '../../components/spinner'
import { StationArt } from '../../components/station-art'
import { payoutExplanationActors, type payoutsMachine } from './mine.actors'
import { RetryPanel } from '../../components/retry'

type PayoutsActor = ActorRefFrom<typeof payoutsMachine>
type ExplanationActor = ActorRefFrom<typeof payoutExplanationMachine>

const kindName = (kind: string) => words.kinds[kind] ?? words.otherKind

/** What the mine, the team bonus and the ranks paid, each one opening its explanation. */
export function Payouts({ actor }: { actor: PayoutsActor }) {
  const explanation = usePageActor(payoutExplanationMachine, payoutExplanationActors)
  return (
    <section className="card payouts" aria-labelledby="payouts-title">
      <h2 id="payouts-title">{copy.payouts.title}</h2>
      <ResourceStatus actor={actor} loading={copy.payouts.loading} empty={copy.payouts.empty}>
        {(list) => (
          <ul className="payout-list">
            {list.map((payout) => (
              <PayoutRow
                key={payout.id}
                payout={payout}
                onOpen={() => explanation.send({ type: 'payout.open', id: payout.id })}
              />
            ))}
          </ul>
        )}
      </ResourceStatus>
      <Pager actor={actor} label={copy.payouts.title} />
      <PayoutExplanation actor={explanation} />
    </section>
  )
}

function PayoutRow({ payout, onOpen }: { payout: PayoutSummary; onOpen: () => void }) {
  const date = formatDateTime(payout.createdAt)
  return (
    <li className="payout-list__item">
      <div>
        <p className="payout-list__kind">{kindName(payout.kind)}</p>
        <p className="muted">{date}</p>
      </div>
      <p className="payout-list__amount">
        +{formatMoney({ currency: payout.currency, amount: payout.amount })}
      </p>
      <button
        type="button"
        className="button button--small button--ghost"
        aria-label={copy.payouts.explainLabel(kindName(payout.kind), date)}
        onClick={onOpen}
      >
        {copy.payouts.explain}
      </button>
    </li>
  )
}

/** The opened payout's explanation, read from the ledger (GET /api/node/payouts/{id}). */
function PayoutExplanation({ actor }: { actor: ExplanationActor }) {
  const open = useSelector(actor, selectIsExplanationOpen)
  const loading = useSelector(actor, selectIsExplanationLoading)
  const payout = useSelector(actor, selectExplainedPayout)
  const error = useSelector(actor, selectExplanationError)
  const close = () => actor.send({ type: 'payout.close' })
  return (
    <Modal
      open={open}
      title={payout ? kindName(payout.kind) : words.title}
      onClose={close}
      footer={
        <button type="button" className="button button--gold" onClick={close}>
          {words.close}
        </button>
      }
    >
      {error !== null ? (
        <RetryPanel
          title={words.failed}
          error={error}
          onRetry={() => actor.send({ type: 'payout.retry' })}
        />
      ) : payout ? (
        <PayoutDetailView payout={payout} />
      ) : loading ? (
        <Spinner label={words.loading} />
      ) : null}
    </Modal>
  )
}

type Cause = PayoutDetail['cause']

const numberOf = (cause: Cause, key: string) => {
  const value = cause[key]
  return typeof value === 'number' ? value : 0
}
const textOf = (cause: Cause, key: string) => {
  const value = cause[key]
  return typeof value === 'string' ? value : ''
}

function PayoutDetailView({ payout }: { payout: PayoutDetail }) {
  const { cause } = payout
  return (
    <div className="payout-detail">
      <dl className="payout-detail__summary">
        <div>
          <dt>{words.amount}</dt>
          <dd className="payout-detail__amount">
            +{formatMoney({ currency: payout.currency, amount: payout.amount })}
          </dd>
        </div>
        <div>
          <dt>{words.when}</dt>
          <dd>{formatDateTime(payout.createdAt)}</dd>
        </div>
      </dl>
      {payout.kind === 'mine.collect' ? (
        <CollectExplanation cause={cause} currency={payout.currency} />
      ) : payout.kind === 'team.bonus' ? (
        <BonusExplanation cause={cause} />
      ) : payout.kind === 'rank.reward' ? (
        <>
          <p>{words.rank.reached(textOf(cause, 'rankName'))}</p>
          <p>
            {words.rank.team(
              formatInteger(numberOf(cause, 'team')),
              formatInteger(numberOf(cause, 'direct')),
            )}
          </p>
        </>
      ) : (
        <>
          <h3 className="payout-detail__heading">{words.other}</h3>
          <ul>
            {Object.entries(cause).map(([key, value]) => (
              <li key={key}>{words.parts(key, String(value))}</li>
            ))}
          </ul>
        </>
      )}
      <p className="muted payout-detail__source">{words.fromLedger}</p>
    </div>
  )
}

function CollectExplanation({ cause, currency }: { cause: Cause; currency: Currency }) {
  const produced = numberOf(cause, 'produced')
  const capacity = numberOf(cause, 'capacity')
  return (
    <>
      <p>
        {words.collect.window(
          formatDateTime(textOf(cause, 'from')),
          formatDateTime(textOf(cause, 'to')),
        )}
      </p>
      <p>{words.collect.mode({ currency, amount: numberOf(cause, 'perDay') })}</p>
      <p>{words.collect.produced({ currency, amount: produced }, capacity)}</p>
      {produced > capacity ? <p>{words.collect.capped}</p> : null}
      {textOf(cause, 'trigger') === 'modeChange' ? <p>{words.collect.modeChange}</p> : null}
      <StationParts cause={cause} title={words.collect.byStation} />
    </>
  )
}

function BonusExplanation({ cause }: { cause: Cause }) {
  return (
    <>
      <p>{words.bonus.day(formatDay(textOf(cause, 'day')))}</p>
      <p>{words.bonus.earned(numberOf(cause, 'teamEarned'))}</p>
      <p>
        {words.bonus.pool(formatPercent(numberOf(cause, 'rankPercent')), numberOf(cause, 'pool'))}
      </p>
      <h3 className="payout-detail__heading">{words.bonus.byGeneration}</h3>
      <ol className="generation-parts">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index}>
            <span>{words.bonus.generation(index + 1)}</span>
            <span>{formatInteger(numberOf(cause, `g${index + 1}`))}</span>
          </li>
        ))}
      </ol>
      <StationParts cause={cause} title={words.bonus.byStation} withHours />
    </>
  )
}

function StationParts({
  cause,
  title,
  withHours = false,
}: {
  cause: Cause
  title: string
  withHours?: boolean
}) {
  return (
    <>
      <h3 className="payout-detail__heading">{title}</h3>
      <ul className="station-parts">
        {STATIONS.map((station) => (
          <li key={station.number}>
            <StationArt number={station.number} className="station-parts__art" />
            <span className="station-parts__name">
              {station.name} · {formatPercent(station.share)}
              {withHours
                ? ` · ${words.bonus.hours(formatAmount(numberOf(cause, `h${station.number}`), 2))}`
                : ''}
            </span>
            <span className="station-parts__amount">
              {formatInteger(numberOf(cause, `s${station.number}`))}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}
