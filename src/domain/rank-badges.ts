import { isRankIndex, RANK_NAMES } from './ranks'
import bronze1 from '../assets/ranks/bronce-1.svg?no-inline'
import bronze2 from '../assets/ranks/bronce-2.svg?no-inline'
import bronze3 from '../assets/ranks/bronce-3.svg?no-inline'
import silver1 from '../assets/ranks/plata-1.svg?no-inline'
import silver2 from '../assets/ranks/plata-2.svg?no-inline'
import silver3 from '../assets/ranks/plata-3.svg?no-inline'
import gold1 from '../assets/ranks/oro-1.svg?no-inline'
import gold2 from '../assets/ranks/oro-2.svg?no-inline'
import gold3 from '../assets/ranks/oro-3.svg?no-inline'
import platinum1 from '../assets/ranks/platino-1.svg?no-inline'
import platinum2 from '../assets/ranks/platino-2.svg?no-inline'
import platinum3 from '../assets/ranks/platino-3.svg?no-inline'

/*
 * The twelve badges are separate files rather than inlined data: URLs, because the server's CSP
 * (default-src 'self') would block data: images; `?no-inline` keeps them as hashed files. This
 * module is apart from ranks.ts because the server imports ranks.ts and cannot load SVG imports.
 */
const RANK_BADGES: readonly string[] = [
  bronze1,
  bronze2,
  bronze3,
  silver1,
  silver2,
  silver3,
  gold1,
  gold2,
  gold3,
  platinum1,
  platinum2,
  platinum3,
]

/** URL of the SVG badge of rank `index` (0 Bronce I .. 11 Platino III). */
export function rankBadgeUrl(index: number): string {
  const url = RANK_BADGES[index]
  if (!isRankIndex(index) || url === undefined) {
    throw new RangeError(`Rank index out of range: ${index}`)
  }
  return url
}

/** Alternative text of a rank badge, its Spanish name. */
export function rankBadgeAlt(index: number): string {
  if (!isRankIndex(index)) throw new RangeError(`Rank index out of range: ${index}`)
  return `Insignia ${RANK_NAMES[index]}`
}
