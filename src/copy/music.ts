import { formatCount } from '../../contract/money-text'
import { musicMessages, type AccessRefusal } from '../../contract/music'

/** /music and /music/callback, in es-CO Spanish. */

export const music = {
  title: 'Música',
  section: 'Xplorefy: escucha y gana',
  intro:
    'Vincula tu cuenta de música, escucha como siempre y gana terycarbonos por cada reproducción válida.',
  simulated:
    'Modo de demostración: este servidor simula el servicio de música. La vinculación es inmediata y las reproducciones las registra el equipo de Tery.',
  loading: 'Cargando tu sección de música…',
  failed: 'No pudimos cargar tu sección de música.',
  vpnTitle: 'Desactiva tu VPN',
  refusals: {
    proxy:
      'Detectamos que te conectas a través de una VPN o un proxy. Desactívalo y vuelve a intentarlo para escuchar y ganar.',
    sharedDevice: musicMessages.sharedDevice,
    suspended:
      'Tus recompensas de música están suspendidas por reproducciones irregulares. Escríbenos a soporte si crees que es un error.',
  } satisfies Record<AccessRefusal, string>,
  emailTitle: 'Tu cuenta de música',
  emailText:
    'Escribe el correo de la cuenta de música que vas a vincular. Debe ser el mismo con el que inicias sesión en el servicio.',
  email: 'Correo de tu cuenta de música',
  saveEmail: 'GUARDAR CORREO',
  savingEmail: 'Guardando…',
  readyText: (email: string) => `Vas a vincular la cuenta ${email}.`,
  link: 'VINCULAR CUENTA',
  changeEmail: 'CAMBIAR CORREO',
  linking: 'Abriendo el servicio de música…',
  linkedAs: (name: string, email: string) => `Cuenta vinculada: ${name} (${email})`,
  lastSync: (date: string) => `Última sincronización: ${date}`,
  neverSynced: 'Aún no has sincronizado.',
  rewardTitle: 'Recompensa acumulada',
  reward: (amount: string, plays: number) =>
    `${amount} por ${formatCount(plays, 'reproducción', 'reproducciones')}`,
  noReward: 'Sin recompensa por reclamar. Sincroniza después de escuchar.',
  claim: 'RECLAMAR',
  claiming: 'Reclamando…',
  claimed: (amount: string) => `¡Reclamaste ${amount}!`,
  today: (earned: string, cap: string) => `Hoy: ${earned} de ${cap}`,
  todayLabel: 'Recompensa de hoy',
  sync: 'SINCRONIZAR',
  stages: {
    importing: 'Trayendo tus reproducciones…',
    auditing: 'Revisando tus reproducciones…',
    accumulating: 'Calculando tu recompensa…',
  },
  syncSummary: (imported: number, accepted: number, rejected: number) =>
    imported === 0
      ? 'No hay reproducciones nuevas.'
      : `${formatCount(imported, 'reproducción nueva', 'reproducciones nuevas')}: ${formatCount(accepted, 'aceptada', 'aceptadas')}, ${formatCount(rejected, 'rechazada', 'rechazadas')}.`,
  strikes: (count: number, max: number) => `Sanciones: ${count} de ${max}`,
  recentTitle: 'Tus últimas reproducciones',
  recentLoading: 'Cargando tus reproducciones…',
  recentEmpty: 'Aún no hay reproducciones sincronizadas.',
  recentFailed: 'No pudimos cargar tus reproducciones.',
  playStates: {
    pending: 'En revisión',
    accepted: 'Aceptada',
    rejected: 'Rechazada',
    claimable: 'Por reclamar',
    claimed: 'Reclamada',
  },
  rejections: {
    short: 'canción muy corta',
    repeated: 'repetida demasiadas veces hoy',
    tooFast: 'demasiado rápida',
    dailyCap: 'tope diario alcanzado',
  },
  playEarns: (amount: string) => `+${amount}`,
  strikeTitle: 'Sanción por reproducciones irregulares',
  strikeText: (count: number, max: number) =>
    `Detectamos reproducciones más rápidas de lo que alguien escucha (saltar canciones). Esas reproducciones no cuentan. Llevas ${count} de ${max} sanciones; al llegar a ${max} se suspenden tus recompensas de música.`,
  strikeAcknowledge: 'ENTENDIDO',
  tutorialTitle: '¿Cómo funciona?',
  tutorial: [
    'Escribe el correo de tu cuenta de música y vincúlala: el servicio te pedirá autorización.',
    'Escucha música como siempre, desde tu propio dispositivo y sin VPN.',
    'Vuelve aquí y presiona SINCRONIZAR: traemos tus últimas reproducciones y las revisamos.',
    'Cada reproducción aceptada suma terycarbonos, hasta el tope del día.',
    'Presiona RECLAMAR para pasar la recompensa a tu saldo.',
  ],
  rulesTitle: 'Reglas',
  rules: (perPlay: string, cap: string, minSeconds: number, repeats: number, max: number) => [
    `Cada reproducción aceptada paga ${perPlay}, hasta ${cap} por día.`,
    `Las canciones de menos de ${minSeconds} segundos no cuentan.`,
    `Una misma canción cuenta hasta ${repeats} veces por día.`,
    `Saltar canciones sin escucharlas da una sanción; con ${max} sanciones se suspenden las recompensas.`,
  ],
  callbackTitle: 'Vinculando tu cuenta de música…',
  callbackFailed: 'No pudimos vincular tu cuenta',
  callbackEmptyTitle: 'Nada que vincular',
  callbackEmpty:
    'Esta página recibe la respuesta del servicio de música al vincular tu cuenta. Empieza la vinculación desde Música.',
  backToMusic: 'VOLVER A MÚSICA',
} as const
