import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import { describeReward } from '../../../contract/missions'
import { voltaChargeMachine } from '../../../machines/volta-charge/volta-charge.machine'
import { selectReward, selectRewardStatus } from '../../../machines/shared/pending-reward.selectors'
import { volta } from '../../copy/earning'
import { formatDateTime } from '../../format/dates'
import { formatInteger } from '../../../contract/money-text'
import { usePageActor } from '../../app/use-page-actor'
import { currencyArt } from '../../components/currency-icons'
import { Spinner } from '../../components/spinner'
import { voltaChargeActors } from './volta-charge.actors'
import '../../styles/earning.css'
import { PendingRewardClaim } from '../../components/pending-reward-claim'

const charge = (amount: number) => describeReward({ kind: 'VOLTA_CHARGE', amount })

/** /voltaCharge: the volta charge playlist videos built up, and its claim into the balance. */
export function Component() {
  const actor = usePageActor(voltaChargeMachine, voltaChargeActors)
  const status = useSelector(actor, selectRewardStatus)
  const reward = useSelector(actor, selectReward)

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
        <PendingRewardClaim
          actor={actor}
          claim={volta.claim}
          claiming={volta.claiming}
          claimed={(amount) => volta.claimed(charge(amount))}
        />
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
      {/* Under the card once it has answered: under its spinner it was in view, then pushed down. */}
      {status === 'loading' ? null : <Link to="/playlists">{volta.toPlaylists}</Link>}
    </div>
  )
}
