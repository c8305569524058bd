import { formatCount, moneyOf } from '../../contract/money-text'
import { miningMessages } from '../../contract/mining'

const gemAmount = moneyOf('gems')

/** The words of /progress. */
export const progress = {
  title: 'Tu progreso',
  loading: 'Cargando tu progreso…',
  failed: 'No pudimos cargar tu progreso.',
  empty: 'Aún no hay progreso para mostrar.',
  rank: 'Tu rango',
  percent: (percent: string) => `Recibes el ${percent} de las gemas que gana tu equipo.`,
  referrals: 'Tus referidos',
  team: (n: number) => formatCount(n, 'jugador en tu equipo', 'jugadores en tu equipo'),
  direct: (n: number) => formatCount(n, 'referido directo', 'referidos directos'),
  /** Why a farmed team reaches no rank: only members who played count (issue 29, decision 026). */
  qualified: (team: number, direct: number) =>
    `Para tu rango cuentan solo los que ya jugaron (una misión verificada o un video completo): ${formatCount(team, 'jugador', 'jugadores')} de tu equipo y ${formatCount(direct, 'referido directo', 'referidos directos')}.`,
  next: (name: string) => `Hacia ${name}`,
  nextLabel: (name: string, percent: number) => `Progreso hacia ${name}: ${percent}%`,
  missing: (team: number, direct: number) => {
    const parts = [
      ...(team > 0
        ? [formatCount(team, 'jugador más en tu equipo', 'jugadores más en tu equipo')]
        : []),
      ...(direct > 0
        ? [formatCount(direct, 'referido directo más', 'referidos directos más')]
        : []),
    ]
    return parts.length > 0
      ? `Te faltan ${parts.join(' y ')} que ya hayan jugado.`
      : 'Ya cumples lo que pide.'
  },
  top: 'Llegaste al rango más alto.',
  claim: {
    title: (rank: string) => `¡Alcanzaste ${rank}!`,
    /** `percent` when claiming raises the player's rank (its share of the team's gems). */
    text: (gems: number, percent: string | null) =>
      percent
        ? `Reclama sus ${gemAmount(gems)}: tu rango sube y recibes el ${percent} de las gemas que gana tu equipo.`
        : `Reclama sus ${gemAmount(gems)}.`,
    /** Before the player's first play (decision 026) the gems wait: the line below says how. */
    waiting: (gems: number) => `Sus ${gemAmount(gems)} te esperan.`,
    more: (n: number) =>
      `Y ${formatCount(n, 'rango más', 'rangos más')} por reclamar en el detalle de rangos.`,
  },
  week: (time: string) => `La semana se reinicia en ${time} (lunes 12:00 AM, hora de Bogotá).`,
  pager: {
    title: 'Detalle de rangos',
    label: 'Rangos',
    previous: 'Rango anterior',
    next: 'Rango siguiente',
    position: (index: number) => `${index + 1} de 12`,
    held: 'Tu rango actual',
    reached: 'Alcanzado',
    locked: 'Aún no alcanzado',
    requirement: (team: number, direct: number) =>
      `Pide ${formatCount(team, 'jugador', 'jugadores')} en tu equipo y ${formatCount(direct, 'referido directo', 'referidos directos')}.`,
    benefits: 'Beneficios',
    loading: 'Cargando el rango…',
    failed: 'No pudimos cargar este rango.',
    empty: 'Este rango no existe.',
  },
  reward: {
    title: (gems: number) => `Premio: ${gemAmount(gems)}`,
    claim: (gems: number) => `RECLAMAR ${gemAmount(gems).toUpperCase()}`,
    claiming: 'Reclamando…',
    claimed: 'Ya reclamaste estas gemas.',
    notReached: 'Alcanza este rango para reclamar sus gemas.',
    needsPlay: miningMessages.rankNeedsPlay,
    play: 'IR A MISIONES',
    checking: 'Revisando el premio…',
    failed: 'No pudimos revisar el premio.',
    paid: (gems: number, rank: string) => `Reclamaste ${gemAmount(gems)} de ${rank}`,
  },
} as const
