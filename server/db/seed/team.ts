import { randomBytes } from 'node:crypto'
import { inTransaction } from '../../services/atomic'
import { createPlayer, type UserRow } from '../../services/auth'
import { hashPassword } from '../../services/passwords'
import { recordFirstPlay } from '../../services/referrals'
import { TEAM_GENERATIONS } from '../../services/rules'
import type { Db } from '../client'

const FIRST_NAMES = ['Ana', 'Camilo', 'Daniela', 'Felipe', 'Laura', 'Andrés', 'Sofía', 'Julián']
const LAST_NAMES = ['Gómez', 'Rojas', 'Pérez', 'Díaz', 'Moreno', 'Muñoz', 'Ortiz', 'Castro']

export type SeededTeam = { leader: UserRow; password: string; members: number }

/**
 * A new player nobody invited, with a team of `members` players under them, an equal share in
 * each of the TEAM_GENERATIONS generations, every member's sponsor drawn at random from the
 * generation above: what the team pages, the leaderboard and the session check are measured on
 * at scale (`npm run admin -- seed-team <members>`, `npm run bench`). Every player signs up
 * through createPlayer(), as at signup, and plays once as they join (recordFirstPlay(): their
 * sponsor earns the referral gems, so the week's leaderboard holds every sponsor), so the tree,
 * its stored totals, the week's totals and the ledger are what real players would leave. They join
 * a millisecond apart, ending at `now`, and share one password, hashed once.
 */
export async function seedTeam(db: Db, members: number, now: Date): Promise<SeededTeam> {
  const password = randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(password)
  // The batch's own tag keeps its addresses apart from every other batch's.
  const tag = randomBytes(4).toString('hex')
  const first = now.getTime() - members
  let joined = 0
  const signUp = (parent: UserRow | null) => {
    const name = `${FIRST_NAMES[joined % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(joined / FIRST_NAMES.length) % LAST_NAMES.length]}`
    const email = `equipo-${tag}-${joined}@tery.example`
    const phone = String(3_100_000_000 + (joined % 99_999_999))
    const at = new Date(first + joined)
    joined += 1
    return inTransaction(db, async (tx) => {
      const player = await createPlayer(
        tx,
        { name, email, phone, passwordHash, parentCode: parent?.code ?? null },
        at,
      )
      await recordFirstPlay(tx, player, at)
      return player
    })
  }
  const leader = await signUp(null)
  let above = [leader]
  for (let generation = 1; generation <= TEAM_GENERATIONS; generation += 1) {
    const size =
      Math.floor((members * generation) / TEAM_GENERATIONS) -
      Math.floor((members * (generation - 1)) / TEAM_GENERATIONS)
    const current: UserRow[] = []
    for (let i = 0; i < size; i += 1) {
      const sponsor = above[Math.floor(Math.random() * above.length)] ?? leader
      current.push(await signUp(sponsor))
    }
    if (current.length > 0) above = current
  }
  return { leader, password, members: joined - 1 }
}
