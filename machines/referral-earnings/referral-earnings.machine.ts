import { createPendingRewardMachine } from '../shared/pending-reward.machine'

/** The parent's share of their referrals' mission rewards, claimed on /missionsLobby. */
export const referralEarningsMachine = createPendingRewardMachine({
  id: 'referral-earnings',
  description:
    'The share of their referrals’ mission rewards a parent collects: loaded, claimed into the gems at once through the ledger.',
  currency: 'gems',
  endpoint: 'POST /api/mission/claimReferred',
  requirement: 'REQ-MISSION-8',
})
