import { and, eq, isNull } from 'drizzle-orm'
import { describeReward } from '../../contract/missions'
import type { Tx } from '../db/client'
import { users } from '../db/schema'
import type { SessionPlayer } from './auth'
import { claimOnce } from './atomic'
import { lockPlayerAccounts, transfer } from './ledger'
import { notify } from './notifications'
import { REFERRAL_REWARD_GEMS } from './rules'
import { qualifyMember } from './team-tree'

/**
 * Records the first time `player` earns a reward by playing (a verified social mission claimed, a
 * video finished: decision 026), in the transaction of that reward, and pays their parent the
 * referral reward for them then. Call it before the player's own reward is transferred. Rank gems
 * wait for this stamp (claimRankReward): a signup that never played claims nothing.
 *
 * Once only: a conditional update stamps the player's `first_played_at` where it is still null,
 * so of two qualifying rewards at once the second waits on the player's row and then finds it
 * stamped; the transfer's idempotency key (`referral:<player>`) backs it. The same win counts the
 * player as qualified in their sponsors' stored team sizes (what rank requirements read). Both
 * players' accounts are locked together, in id order, before anything is paid: paying the parent
 * while holding the player's accounts alone could deadlock with a transfer between the two.
 */
export async function recordFirstPlay(
  tx: Tx,
  player: Pick<SessionPlayer, 'id' | 'name'>,
  now: Date,
): Promise<void> {
  const won = await claimOnce(
    tx
      .update(users)
      .set({ firstPlayedAt: now })
      .where(and(eq(users.id, player.id), isNull(users.firstPlayedAt)))
      .returning({ parentId: users.parentId }),
  )
  if (!won?.parentId) return
  await qualifyMember(tx, player.id)
  await lockPlayerAccounts(tx, [player.id, won.parentId])
  await transfer(tx, {
    currency: 'gems',
    from: { system: 'supply' },
    to: { userId: won.parentId },
    amount: REFERRAL_REWARD_GEMS,
    kind: 'referral',
    cause: { referredUserId: player.id },
    idempotencyKey: `referral:${player.id}`,
    at: now,
  })
  await notify(
    tx,
    won.parentId,
    `${player.name} jugó por primera vez: recibiste ${describeReward({ kind: 'GEMS', amount: REFERRAL_REWARD_GEMS })} por tu referido.`,
  )
}
