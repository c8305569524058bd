/**
 * The Spanish (es-CO) words every screen shares: the layout, its modals, loading and error
 * states, and the route titles. Each page's own words live in src/copy/<page>.ts and load with
 * that page's chunk, so the landing never downloads the signup's or the legal pages' text.
 */

export const brand = {
  name: 'Tery',
  tagline: 'Forma tu equipo, mina recursos y gana gemas',
  logoLabel: 'Tery, ir al inicio',
} as const

/** Titles shown in the header and the browser tab, by route name. */
export const titles = {
  landing: 'Bienvenido',
  signup: 'Crear cuenta',
  home: 'Inicio',
  support: 'Soporte',
  terms: 'Términos y condiciones',
  privacyPolicies: 'Políticas de privacidad',
  missionsLobby: 'Misiones',
  missions: 'Misiones en redes',
  videos: 'Videos',
  playlists: 'Listas de videos',
  voltaCharge: 'Carga volta',
  play: 'Jugar',
  battery: 'Batería',
  terycarbonBattery: 'Batería de terycarbonos',
  market: 'Canjear',
  mine: 'Mina',
  miningMode: 'Modo de minería',
  team: 'Equipo',
  teamLevel: 'Equipo por nivel',
  referral: 'Referidos',
  founder: 'Fundadores',
  progress: 'Progreso',
  profile: 'Perfil',
  global: 'Clasificación global',
  management: 'Gestión',
  lottery: 'Sorteo',
  expressCoupon: 'Cupón exprés',
  shop: 'Tienda',
  music: 'Música',
  trainings: 'Entrenamiento',
  lesson: 'Lección',
  finance: 'Finanzas',
  notFound: 'Página no encontrada',
  error: 'Error',
} as const

export const layout = {
  lottery: 'SORTEO',
  finance: 'FINANZAS',
  more: 'MÁS',
  menu: 'MENÚ',
  balances: 'Tus recursos',
  currencies: {
    terycarbons: 'Terycarbonos',
    gems: 'Gemas',
    voltaCharge: 'Carga volta',
    terydollars: 'Terydólares',
  },
  gameMenu: 'Menú del juego',
  moreLabel: 'Más opciones',
  mainNavigation: 'Navegación principal',
  bottomNavigation: 'Navegación inferior',
  skipToContent: 'Saltar al contenido',
  opensInNewTab: '(se abre en una pestaña nueva)',
  copyright: '© 2026 Tery',
} as const

export const bottomBar = {
  home: 'INICIO',
  management: 'GESTIÓN',
  missions: 'MISIONES',
  market: 'CANJEAR',
} as const

export const options = {
  title: 'OPCIONES',
  socialNetworks: 'NUESTRAS REDES',
  lottery: 'SORTEO',
  finance: 'FINANZAS',
  help: 'AYUDA',
  learnToWin: 'APRENDE A GANAR',
  support: 'SOPORTE',
  logout: 'SALIR',
} as const

export const social = {
  title: 'NUESTRAS REDES',
  intro: 'Síguenos para enterarte primero de misiones, sorteos y novedades del juego.',
  continue: 'CONTINUAR',
  loading: 'Cargando nuestras redes…',
  failed: 'No pudimos cargar nuestras redes.',
  empty: 'Pronto publicaremos aquí nuestras redes.',
  /** Names shown for each network when the server sends no label of its own. */
  names: {
    videoChannel: 'Canal de videos',
    telegram: 'Telegram',
    facebook: 'Facebook',
    instagram: 'Instagram',
    messenger: 'Messenger',
    whatsappGroup: 'Grupo de WhatsApp',
  },
} as const

export const confirmation = {
  logoutTitle: 'Cerrar sesión',
  logoutMessage: '¿Seguro que quieres salir de tu cuenta?',
  accept: 'SÍ, SALIR',
  cancel: 'CANCELAR',
} as const

export const dialog = {
  close: 'Cerrar',
} as const

export const loading = {
  page: 'Cargando…',
  bar: 'Cargando',
} as const

export const common = {
  retry: 'REINTENTAR',
  loadFailed: 'No pudimos cargar esta información.',
} as const

export const toasts = {
  region: 'Notificaciones',
  dismiss: 'Cerrar notificación',
} as const

export const termsModal = {
  modalTitle: 'Términos y condiciones',
  modalText:
    'Para seguir jugando debes aceptar los términos y condiciones de Tery. Léelos con calma: explican cómo funcionan las monedas virtuales, los referidos y tu cuenta.',
  readLink: 'Leer los términos y condiciones',
  accept: 'ACEPTAR',
  accepting: 'Aceptando…',
} as const

export const notFound = {
  message: 'This page could not be found',
  backHome: 'Volver al inicio',
} as const

export const errorPage = {
  defaultMessage: 'Error',
  statusLabel: 'Código',
  backHome: 'Volver al inicio',
  reload: 'RECARGAR',
} as const

/** Under paged lists (src/components/pager.tsx). */
export const pager = {
  label: (list: string) => `Páginas de ${list}`,
  previous: 'ANTERIOR',
  next: 'SIGUIENTE',
  position: (page: number, total: number) => `Página ${page} de ${total}`,
} as const
