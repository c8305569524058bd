import { formatCount, formatInteger } from '../../contract/money-text'
import { RANK_NAMES, rankPercent } from '../../contract/ranks'

const players = (count: number) => formatCount(count, 'jugador', 'jugadores')

/** The words of /team, /team/{id}/level, /referral and /founder. */
export const team = {
  title: 'Tu equipo',
  // Whole percents read the same in es-CO's format ("4%"), which this avoids making at load.
  intro: `Quienes se registran con tu código de invitación forman tu equipo, y también los que ellos invitan, hasta la octava generación. Tu rango decide qué parte de lo que gana tu equipo recibes: del ${rankPercent(0)}% al ${rankPercent(RANK_NAMES.length - 1)}%.`,
  loading: 'Cargando tu equipo…',
  empty: 'Aún no tienes equipo: comparte tu código de invitación.',
  rank: (name: string, percent: string) =>
    `${name} · recibes el ${percent} de lo que gana tu equipo`,
  rankLabel: (name: string) => `Tu rango: ${name}`,
  totals: (total: number, direct: number) =>
    `${players(total)} en tu equipo, ${formatCount(direct, 'referido directo', 'referidos directos')}`,
  stations: 'Tus estaciones',
  stationOn: (name: string) => `${name}: encendida`,
  stationOff: (name: string) => `${name}: apagada`,
  generations: 'Tus ocho generaciones',
  generation: (level: number) => `Nivel ${level}`,
  members: players,
  links: {
    referral: 'Referidos directos',
    founder: 'Fundadores',
    progress: 'Progreso de rango',
    mine: 'Ir a la mina',
  },
  level: {
    title: (level: number) => `Nivel ${level} de tu equipo`,
    intro: (level: number) =>
      level === 1
        ? 'Los jugadores que invitaste directamente.'
        : `Los jugadores a ${level} generaciones de ti.`,
    invalidTitle: 'Nivel no encontrado',
    invalid: 'Ese nivel no existe: tu equipo tiene 8 niveles.',
    back: 'Volver a tu equipo',
    previous: (level: number) => `Nivel ${level}`,
    next: (level: number) => `Nivel ${level}`,
    navigation: 'Niveles del equipo',
    loading: 'Cargando el nivel…',
    empty: 'No hay jugadores en este nivel con esos filtros.',
  },
  search: {
    label: 'Buscar por nombre o código',
    penalty: 'Penalización',
    all: 'Todos',
    penalized: 'Penalizados',
    active: 'Sin penalización',
    submit: 'BUSCAR',
  },
  member: {
    penalized: 'Penalizado',
    stationsOn: (count: number) =>
      formatCount(count, 'estación encendida', 'estaciones encendidas'),
    joined: (date: string) => `Se unió el ${date}`,
    details: 'Ver detalles',
    detailsLabel: (name: string) => `Ver detalles de ${name}`,
    team: (count: number) => `Su equipo: ${players(count)}`,
  },
  details: {
    loading: 'Cargando al jugador…',
    failed: 'No pudimos cargar a este jugador.',
    empty: 'Este jugador no está en tu equipo.',
    level: 'Nivel',
    sponsor: 'Lo invitó',
    code: 'Código',
    email: 'Correo',
    emailHidden: 'No lo comparte',
    rank: 'Rango',
    team: 'Su equipo',
    direct: 'Referidos directos',
    stations: 'Estaciones encendidas',
    penalties: 'Penalizaciones',
    weekGems: 'Gemas de esta semana',
    joined: 'Se unió',
    close: 'CERRAR',
  },
  referral: {
    title: 'Tus referidos directos',
    intro: 'Los jugadores que se unieron con tu código, y el equipo que cada uno ha formado.',
    loading: 'Cargando tus referidos…',
    empty: 'Aún no tienes referidos con esos filtros.',
    details: 'Ver cada referido en detalle, en el nivel 1 de tu equipo',
    pending: 'Pendiente',
    paid: 'Pagada',
    rewardPending: (gems: string) => `Tu recompensa de ${gems} por este referido está pendiente.`,
    pendingReason:
      'Se paga cuando juegue por primera vez: al reclamar una misión social verificada o al terminar un video.',
    rewardPaid: (gems: string, date: string) => `Recibiste ${gems} por este referido el ${date}.`,
  },
  founder: {
    title: 'Fundadores de Tery',
    intro: (limit: number) =>
      `Los primeros ${formatInteger(limit)} jugadores que se unieron a Tery.`,
    loading: 'Cargando a los fundadores…',
    empty: 'Aún no hay fundadores.',
    you: (number: number) => `Eres el fundador número ${formatInteger(number)}.`,
    notYou: 'Llegaste después de los fundadores: ¡invita a tu equipo para crecer!',
    number: (number: number) => `N.º ${formatInteger(number)}`,
    list: 'Lista de fundadores',
  },
} as const
