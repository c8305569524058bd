import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { createPendingRewardMachine } from '../../machines/shared/pending-reward.machine'
import {
  selectClaimed,
  selectRewardError,
  selectRewardStatus,
} from '../../machines/shared/pending-reward.selectors'
import { RetryButton } from './retry'

type PendingRewardActor = ActorRefFrom<ReturnType<typeof createPendingRewardMachine>>

/**
 * The claim of a pending reward (the referrals' gems on /missions, the volta charge on
 * /voltaCharge): its button while there is something to claim, what the claim paid, and a failed
 * call's message with REINTENTAR. What stands around it (the amount, its entries) is the page's.
 */
export function PendingRewardClaim({
  actor,
  claim,
  claiming,
  claimed,
}: {
  actor: PendingRewardActor
  claim: string
  claiming: string
  /** What the claim paid, said in the page's words. */
  claimed: (amount: number) => string
}) {
  const status = useSelector(actor, selectRewardStatus)
  const paid = useSelector(actor, selectClaimed)
  const error = useSelector(actor, selectRewardError)
  return (
    <>
      {status === 'ready' || status === 'claiming' ? (
        <button
          type="button"
          className="button button--gold"
          disabled={status === 'claiming'}
          onClick={() => actor.send({ type: 'reward.claim' })}
        >
          {status === 'claiming' ? claiming : claim}
        </button>
      ) : null}
      {paid !== null ? (
        <p className="referral__amount" role="status">
          {claimed(paid)}
        </p>
      ) : null}
      {error ? (
        <div role="alert">
          <p className="muted">{error}</p>
          <RetryButton onRetry={() => actor.send({ type: 'reward.retry' })} />
        </div>
      ) : null}
    </>
  )
}
