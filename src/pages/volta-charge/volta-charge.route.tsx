import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import { describeReward } from '../../../contract/missions'
import { voltaChargeMachine } from '../../../machines/volta-charge/volta-charge.machine'
import {
  selectClaimed,
  selectReward,
  selectRewardError,
  selectRewardStatus,
} from '../../../machines/shared/pending-reward.selectors'
import { volta } from '../../copy/earning'
import { formatDateTime } from '../../format/dates'
import { formatInteger } from '../../../contract/money-text'
import { usePageActor } from '../../app/use-page-actor'
import { currencyArt } from '../../components/currency-icons'
import { Spinner } from '../../components/spinner'
import { voltaChargeActors } from './volta-charge.actors'
import '../../styles/earning.css'
import { RetryButton } from '../../components/retry'

const charge = (amount: number) => describeReward({ kind: 'VOLTA_CHARGE', amount })

/** /voltaCharge: the volta charge playlist videos built up, and its claim into the balance. */
export function Component() {
  const actor = usePageActor(voltaChargeMachine, voltaChargeActors)
  const status = useSelector(actor, selectRewardStatus)
  const reward = useSelector(actor, selectReward)
  const claimed = useSelector(actor, selectClaimed)
  const error = useSelector(actor, selectRewardError)

  return (
    <div className="page earning">
      <div className="page__header">
        <h1>{volta.title}</h1>
        <p>{volta.intro}</p>
      </div>
      <section className="card card--gold volta" aria-labelledby="volta-amount">
        <h2 id="volta-amount" className="card__title">
          {volta.accumulated}
        </h2>
        {status === 'loading' ? <Spinner label={volta.loading} /> : null}
        {reward && status !== 'loading' ? (
          <p className="volta__amount">
            <svg
              className={currencyArt.voltaCharge.className}
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path d={currencyArt.voltaCharge.path} />
            </svg>
            {formatInteger(reward.amount)}
          </p>
        ) : null}
        {status === 'empty' ? <p className="muted">{volta.empty}</p> : null}
        {status === 'ready' || status === 'claiming' ? (
          <button
            type="button"
            className="button button--gold"
            disabled={status === 'claiming'}
            onClick={() => actor.send({ type: 'reward.claim' })}
          >
            {status === 'claiming' ? volta.claiming : volta.claim}
          </button>
        ) : null}
        {claimed !== null ? (
          <p className="referral__amount" role="status">
            {volta.claimed(charge(claimed))}
          </p>
        ) : null}
        {error ? (
          <div role="alert">
            <p className="muted">{error}</p>
            <RetryButton onRetry={() => actor.send({ type: 'reward.retry' })} />
          </div>
        ) : null}
      </section>
      {reward && reward.entries.length > 0 && status !== 'claimed' ? (
        <section aria-labelledby="volta-from">
          <h2 id="volta-from">{volta.fromTitle}</h2>
          <ul className="entries entries--card">
            {reward.entries.map((entry) => (
              <li key={`${entry.createdAt}:${entry.label}`}>
                <span>{entry.label}</span>
                <span className="muted">{formatDateTime(entry.createdAt)}</span>
                <strong>+{charge(entry.amount)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to="/playlists">{volta.toPlaylists}</Link>
    </div>
  )
}
