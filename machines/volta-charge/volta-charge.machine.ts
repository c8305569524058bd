import { createPendingRewardMachine } from '../shared/pending-reward.machine'

/** The volta charge playlist videos build up, claimed on /voltaCharge. */
export const voltaChargeMachine = createPendingRewardMachine({
  id: 'volta-charge',
  description:
    'The volta charge the player’s playlist videos built up: loaded, claimed into the balance at once through the ledger.',
  currency: 'voltaCharge',
  endpoint: 'POST /api/mission/voltaCharge/claim',
  requirement: 'REQ-VOLTA-1',
})
