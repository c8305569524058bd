import type { ActorRefFrom } from 'xstate'
import { formatDateTime } from '../../format/dates'
import { market } from '../../copy/market'
import { formatCents } from '../../format/numbers'
import { methodNames } from '../../copy/payments'
import { ResourceStatus } from '../../components/resource-status'
import type { payoutsMachine } from './market.actors'

/** The transaction history: every conversion, newest first, with its state. */
export function PayoutHistory({ actor }: { actor: ActorRefFrom<typeof payoutsMachine> }) {
  return (
    <section className="card" aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="card__title">
        {market.historyTitle}
      </h2>
      <ResourceStatus
        actor={actor}
        loading={market.loadingHistory}
        empty={market.noHistory}
        failed={market.historyFailed}
      >
        {(payouts) => (
          <ul className="market-entries">
            {payouts.map((payout) => (
              <li key={payout.id} className="entry">
                <div>
                  <p className="entry__line">
                    {market.payoutLine(
                      payout.gems,
                      formatCents(payout.valueCents),
                      methodNames[payout.symbol],
                    )}
                  </p>
                  <p className="muted">
                    {formatDateTime(payout.createdAt)}
                    {payout.reason ? ` · ${payout.reason}` : ''}
                  </p>
                </div>
                <span className={`state state--${payout.state}`}>
                  {market.payoutStates[payout.state]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ResourceStatus>
    </section>
  )
}
