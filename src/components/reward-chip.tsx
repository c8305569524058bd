import { describeReward, type Reward } from '../../contract/missions'
import type { Currency } from '../../contract/currencies'
import { currencyArt } from './currency-icons'

const CURRENCY_OF: Record<Reward['kind'], Currency> = {
  GEMS: 'gems',
  TERYCARBONS: 'terycarbons',
  VOLTA_CHARGE: 'voltaCharge',
}

/** A reward with its currency's picture: '+10 gemas'. */
export function RewardChip({ reward, prefix = '+' }: { reward: Reward; prefix?: string }) {
  const art = currencyArt[CURRENCY_OF[reward.kind]]
  return (
    <span className={`reward-chip reward-chip--${reward.kind.toLowerCase()}`}>
      <svg className={art.className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={art.path} />
      </svg>
      {prefix}
      {describeReward(reward)}
    </span>
  )
}
