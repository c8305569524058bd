/**
 * The earning screens in es-CO Spanish: the missions lobby, missions and social accounts,
 * videos, playlists, the volta charge and the player (/play). Loaded with those pages only.
 */
import { formatCount, formatInteger, formatMoney } from '../../contract/money-text'

export const earning = {
  reward: 'Recompensa',
  pages: {
    missions: 'misiones',
    notifications: 'notificaciones',
    videos: 'videos',
    playlists: 'listas de videos',
    current: 'tus misiones',
  },
} as const

export const lobby = {
  title: 'Misiones',
  intro: 'Cumple misiones en tus redes, mira videos y junta carga volta: todo suma a tu equipo.',
  inviteTitle: 'Tu código de invitación',
  inviteText: (percent: number) =>
    `Cuando tus referidos cumplen misiones, tú recibes el ${percent}% de las gemas que ganan.`,
  copy: 'COPIAR',
  copyLabel: 'Copiar código de invitación',
  copied: '¡Copiado!',
  copyFailed: 'No se pudo copiar',
  todayTitle: 'Tus números de hoy',
  loadingToday: 'Cargando tus misiones de hoy…',
  missionsLeft: (remaining: number, max: number) =>
    `Te quedan ${formatInteger(remaining)} de ${formatCount(max, 'misión', 'misiones')} hoy`,
  videosLeft: (count: number) => formatCount(count, 'video por ver', 'videos por ver'),
  playlistsLeft: (count: number) =>
    formatCount(count, 'lista por completar', 'listas por completar'),
  newNotifications: (count: number) =>
    count === 0
      ? 'No tienes notificaciones nuevas'
      : `Tienes ${formatCount(count, 'notificación nueva', 'notificaciones nuevas')}`,
  seeNotifications: 'Ver notificaciones',
  waysTitle: 'Elige cómo ganar',
  ways: [
    {
      to: '/missions',
      title: 'Misiones en redes',
      text: 'YouTube, Instagram, Facebook y TikTok: sigue, comenta y gana gemas.',
    },
    { to: '/videos', title: 'Videos', text: 'Mira videos cortos completos y gana terycarbonos.' },
    {
      to: '/playlists',
      title: 'Listas de videos',
      text: 'Completa una lista y gana gemas; cada video suma carga volta.',
    },
    { to: '/voltaCharge', title: 'Carga volta', text: 'Reclama la carga volta que acumulaste.' },
    { to: '/play', title: 'Jugar', text: 'Tus terycarbonos y todos los premios en un solo lugar.' },
  ],
  currentTitle: 'Tus misiones en curso',
  currentLoading: 'Cargando tus misiones en curso…',
  currentEmpty: 'No tienes misiones en curso. Toma una en Misiones en redes.',
  currentState: { added: 'Por verificar', claimable: 'Lista para reclamar' } as Record<
    string,
    string
  >,
  openMission: 'Abrir',
  referralTitle: 'Ganancias de tus referidos',
  referralLoading: 'Cargando las ganancias de tus referidos…',
  referralEmpty: 'Cuando tus referidos reclamen misiones, aquí verás tu parte para reclamarla.',
  referralWaiting: (reward: string) => `Tienes ${reward} por reclamar`,
  referralClaim: 'RECLAMAR GANANCIAS',
  referralClaiming: 'Reclamando…',
  referralClaimed: (reward: string) => `¡Reclamaste ${reward} de tus referidos!`,
} as const

export const missions = {
  title: 'Misiones en redes',
  intro:
    'Registra tu cuenta en cada red, toma una misión, cúmplela en la red y verifícala para reclamar tu recompensa.',
  tabsLabel: 'Redes sociales',
  checkingAccess: 'Verificando tu dispositivo…',
  accessDeniedTitle: 'No puedes hacer misiones desde aquí',
  accountTitle: (network: string) => `Tu cuenta de ${network}`,
  accountLoading: 'Cargando tu cuenta…',
  accountLabel: (network: string) => `Usuario o enlace de ${network}`,
  accountHint: (example: string) => `Por ejemplo: ${example}`,
  accountNone: (network: string) =>
    `Registra tu cuenta de ${network} para tomar sus misiones. Solo puedes registrar una.`,
  accountRegister: 'REGISTRAR CUENTA',
  accountAdd: 'AGREGAR CUENTA',
  accountAnother: 'REGISTRAR OTRA CUENTA',
  accountCancel: 'CANCELAR',
  accountRegistering: 'Registrando…',
  accountPending: 'Pendiente de verificación',
  accountPendingText: 'La estamos revisando. Te avisaremos cuando esté verificada.',
  accountVerified: 'Verificada',
  accountRejected: 'Rechazada',
  accountVerifiedToast: (network: string) =>
    `¡Tu cuenta de ${network} fue verificada! Ya puedes tomar sus misiones.`,
  listLoading: 'Cargando misiones…',
  listEmpty: 'No hay misiones en esta red por ahora. Vuelve pronto.',
  listLabel: (network: string) => `Misiones de ${network}`,
  tile: {
    take: 'TOMAR MISIÓN',
    taking: 'Tomando…',
    open: (network: string) => `Abrir en ${network}`,
    check: 'VERIFICAR',
    checking: 'Verificando…',
    claim: 'RECLAMAR',
    claiming: 'Reclamando…',
    fromCoupon: 'Activada por un cupón',
    status: {
      pending: 'Disponible',
      added: 'Tomada: cúmplela y verifícala',
      claimable: 'Cumplida: reclama tu recompensa',
      claimed: 'Reclamada',
    },
    dailyCap: 'Límite diario',
    denied: 'Acceso denegado',
  },
  addedToast: (remaining: number) =>
    `Misión tomada. Te ${remaining === 1 ? 'queda' : 'quedan'} ${formatCount(remaining, 'misión', 'misiones')} hoy.`,
  claimedToast: (title: string, reward: string) => `Reclamaste «${title}»: +${reward}`,
  notifications: {
    title: 'Notificaciones',
    open: (count: number) =>
      count > 0 ? `Notificaciones (${formatInteger(count)} nuevas)` : 'Notificaciones',
    close: 'Cerrar notificaciones',
    loading: 'Cargando notificaciones…',
    empty: 'Aún no tienes notificaciones.',
    markAll: 'MARCAR TODAS COMO VISTAS',
    markOne: 'Marcar como vista',
    marking: 'Marcando…',
    new: 'Nueva',
    countFailed: 'No pudimos contar tus notificaciones.',
  },
} as const

export const videos = {
  title: 'Videos',
  intro:
    'Mira cada video completo para ganar terycarbonos. El tiempo cuenta solo mientras el video se reproduce.',
  loading: 'Cargando videos…',
  empty: 'No hay videos por ahora. Vuelve pronto.',
  listLabel: 'Videos disponibles',
  tile: {
    checking: 'Revisando…',
    watch: 'VER VIDEO',
    continue: 'CONTINUAR',
    claim: 'RECLAMAR',
    claiming: 'Reclamando…',
    finished: 'Completado',
    disabled: 'Deshabilitado por un tiempo',
    availableIn: (time: string) => `Disponible en ${time}`,
    watching: (time: string) => `En curso · faltan ${time}`,
    watched: 'Visto completo: reclama tu recompensa',
    length: (time: string) => `Duración ${time}`,
    volta: (amount: number) => `+${formatMoney({ currency: 'voltaCharge', amount })}`,
  },
  finishedToast: (title: string, reward: string) => `Terminaste «${title}»: +${reward}`,
  playlistToast: (title: string, reward: string) => `¡Completaste la lista «${title}»! +${reward}`,
} as const

export const playlists = {
  title: 'Listas de videos',
  intro:
    'Termina todos los videos de una lista para ganar su recompensa. Cada video suma carga volta, que reclamas en Carga volta.',
  loading: 'Cargando listas…',
  empty: 'No hay listas por ahora. Vuelve pronto.',
  listLabel: 'Listas disponibles',
  select: 'VER LISTA',
  selected: 'Lista elegida',
  progress: (finished: number, total: number) =>
    `${formatInteger(finished)} de ${formatCount(total, 'video visto', 'videos vistos')}`,
  reward: (reward: string) => `Recompensa al completarla: ${reward}`,
  volta: (amount: string) => `Carga volta por video: ${amount}`,
  completed: 'Completada',
  inProgress: 'En progreso',
  videosLabel: (title: string) => `Videos de «${title}»`,
  toVolta: 'Ir a Carga volta',
} as const

export const volta = {
  title: 'Carga volta',
  intro:
    'Cada video que terminas en una lista suma carga volta. Aquí la ves acumulada y la pasas a tu saldo cuando quieras.',
  loading: 'Cargando tu carga volta…',
  accumulated: 'Carga volta acumulada',
  empty: 'No tienes carga volta por reclamar. Termina videos de una lista para acumularla.',
  fromTitle: 'De dónde viene',
  claim: 'RECLAMAR CARGA VOLTA',
  claiming: 'Reclamando…',
  claimed: (amount: string) => `¡Reclamaste ${amount}! Ya está en tu saldo.`,
  toPlaylists: 'Ver listas de videos',
} as const

export const play = {
  title: 'Jugar',
  balance: 'Tus terycarbonos',
  advice:
    'Consejo: mira cada video completo y sin cerrar la página. Si intentas reclamar antes de tiempo, el video se deshabilita unos minutos.',
  gamesTitle: 'Juegos y premios',
  gamesLoading: 'Cargando juegos…',
  gamesEmpty: 'No hay juegos por ahora. Vuelve pronto.',
  videosTitle: 'Videos',
  playlistsTitle: 'Listas',
  prize: (reward: string) => `Premio: ${reward}`,
  choose: 'JUGAR',
  chosen: 'Jugando',
  status: {
    available: 'Disponible',
    playing: 'En curso',
    claimable: 'Por reclamar',
    finished: 'Completado',
    disabled: 'Deshabilitado',
  } as Record<string, string>,
  playerLabel: (title: string) => `Reproductor: ${title}`,
  chooseHint: 'Elige un video de la lista para jugar.',
  play: 'REPRODUCIR',
  starting: 'Abriendo el video…',
  restart: 'REINICIAR',
  restarting: 'Reiniciando…',
  claim: 'RECLAMAR',
  claiming: 'Reclamando…',
  timeLeft: (time: string) => `Tiempo por ver: ${time}`,
  paused: 'En pausa: el tiempo no corre',
  watched: '¡Listo! Reclama tu recompensa.',
  finished: 'Completaste este video.',
  nextVideo: 'Elige otro video',
  checkAgain: 'VOLVER A VERIFICAR',
  disabled: (time: string) => `Este video vuelve a estar disponible en ${time}`,
} as const
