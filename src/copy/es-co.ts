/**
 * Every string the player sees, in es-CO Spanish as the product spec gives it.
 * Views and the API client read from here; nothing player-facing is written inline elsewhere.
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
  notFound: 'Página no encontrada',
  error: 'Error',
} as const

export const layout = {
  lottery: 'SORTEO',
  finance: 'FINANZAS',
  more: 'MÁS',
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
  accountCreated: 'Cuenta creada. Ya puedes iniciar sesión.',
} as const

export const landing = {
  eyebrow: 'Juego de minería',
  heroTitle: 'Mina, forma tu equipo',
  heroAccent: 'y gana gemas',
  heroText:
    'En Tery completas misiones, ves videos y construyes tu equipo de referidos para ganar terycarbonos, gemas, carga volta y terydólares.',
  highlights: [
    'Misiones diarias en tus redes sociales',
    'Un equipo minero de nueve estaciones',
    'Rangos de Bronce I a Platino III',
  ],
  openLogin: 'INICIAR SESIÓN',
  noAccount: '¿Aún no tienes cuenta?',
  signupLink: 'Regístrate con un código de referido',
} as const

export const login = {
  title: 'Iniciar sesión',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'INGRESAR',
  submitting: 'Ingresando…',
  close: 'Cerrar formulario',
} as const

export const signup = {
  title: 'Crea tu cuenta',
  intro: 'Únete a Tery con el código de la persona que te invitó.',
  tabsLabel: 'Forma de registro',
  tabWithCode: 'Tengo código de referido',
  tabWithoutCode: 'No tengo código',
  code: 'Código de referido',
  paste: 'PEGAR',
  checking: 'Verificando código…',
  confirmed: 'Código confirmado',
  invitedBy: (name: string) => `Te invita ${name}`,
  unreachable: 'No pudimos verificar el código. Revisa tu conexión e inténtalo de nuevo.',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Celular',
  phoneHint: '10 dígitos, empieza por 3',
  password: 'Contraseña',
  passwordHint: 'Mínimo 8 caracteres',
  submit: 'CREAR CUENTA',
  submitting: 'Creando cuenta…',
  needsCode: 'Primero confirma un código de referido válido.',
  haveAccount: '¿Ya tienes cuenta?',
  loginLink: 'Inicia sesión',
  withoutCodeTitle: 'Necesitas un código para unirte',
  withoutCodeText:
    'En Tery cada jugador entra invitado por otro: así se forman los equipos mineros. Si no conoces a nadie que juegue, escríbenos y te ayudamos a conseguir un código de referido.',
  contact: 'PEDIR UN CÓDIGO',
} as const

export const home = {
  greeting: (name: string) => `Hola, ${name}`,
  inviteTitle: 'Tu código de invitación',
  inviteText: 'Comparte este código: quienes se registren con él entran a tu equipo.',
  copy: 'COPIAR',
  copyLabel: 'Copiar código de invitación',
  copied: '¡Copiado!',
  copyFailed: 'No se pudo copiar',
  rewardsTitle: 'Recompensa por referido',
  rewards: (gems: string) =>
    `Por cada jugador que se registre con tu código recibes ${gems} ${gems === '1' ? 'gema' : 'gemas'}.`,
  rewardsFallback: 'Cada jugador que se registre con tu código suma gemas a tu equipo.',
} as const

export const support = {
  title: '¿Necesitas ayuda?',
  text: 'Nuestro equipo de soporte responde tus dudas sobre misiones, recompensas, referidos y tu cuenta. Escríbenos por el chat y te atenderemos lo antes posible.',
  hours: 'Atención de lunes a domingo, de 8:00 a. m. a 8:00 p. m. (hora de Colombia).',
  assistant: 'Abrir el chat de soporte',
  loading: 'Cargando el chat de soporte…',
  failed: 'No pudimos cargar el enlace del chat.',
} as const

export const terms = {
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
