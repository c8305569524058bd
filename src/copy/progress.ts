import { formatInteger } from '../format/numbers'

const count = (n: number, one: string, many: string) =>
  `${formatInteger(n)} ${n === 1 ? one : many}`

/** The words of /progress. */
export const progress = {
  title: 'Tu progreso',
  loading: 'Cargando tu progreso…',
  failed: 'No pudimos cargar tu progreso.',
  empty: 'Aún no hay progreso para mostrar.',
  rank: 'Tu rango',
  percent: (percent: string) => `Recibes el ${percent} de las gemas que gana tu equipo.`,
  referrals: 'Tus referidos',
  team: (n: number) => count(n, 'jugador en tu equipo', 'jugadores en tu equipo'),
  direct: (n: number) => count(n, 'referido directo', 'referidos directos'),
  next: (name: string) => `Hacia ${name}`,
  nextLabel: (name: string, percent: number) => `Progreso hacia ${name}: ${percent}%`,
  missing: (team: number, direct: number) => {
    const parts = [
      ...(team > 0 ? [count(team, 'jugador más en tu equipo', 'jugadores más en tu equipo')] : []),
      ...(direct > 0 ? [count(direct, 'referido directo más', 'referidos directos más')] : []),
    ]
    return parts.length > 0 ? `Te faltan ${parts.join(' y ')}.` : 'Ya cumples lo que pide.'
  },
  top: 'Llegaste al rango más alto.',
  claim: {
    title: (rank: string) => `¡Alcanzaste ${rank}!`,
    /** `percent` when claiming raises the player's rank (its share of the team's gems). */
    text: (gems: string, percent: string | null) =>
      percent
        ? `Reclama sus ${gems} gemas: tu rango sube y recibes el ${percent} de las gemas que gana tu equipo.`
        : `Reclama sus ${gems} gemas.`,
    more: (n: number) =>
      `Y ${count(n, 'rango más', 'rangos más')} por reclamar en el detalle de rangos.`,
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
      `Pide ${count(team, 'jugador', 'jugadores')} en tu equipo y ${count(direct, 'referido directo', 'referidos directos')}.`,
    benefits: 'Beneficios',
    loading: 'Cargando el rango…',
    failed: 'No pudimos cargar este rango.',
    empty: 'Este rango no existe.',
  },
  reward: {
    title: (gems: string) => `Premio: ${gems} gemas`,
    claim: (gems: string) => `RECLAMAR ${gems} GEMAS`,
    claiming: 'Reclamando…',
    claimed: 'Ya reclamaste estas gemas.',
    notReached: 'Alcanza este rango para reclamar sus gemas.',
    checking: 'Revisando el premio…',
    failed: 'No pudimos revisar el premio.',
    paid: (gems: string, rank: string) => `Reclamaste ${gems} gemas de ${rank}`,
  },
} as const
