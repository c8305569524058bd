/**
 * The Spanish wording the three parts share: what forms and the server say about bad input, what
 * the server answers, and the spec's error catalogue. Written once here; machines, views and the
 * server import it, so a message can never read one way in the browser and another on the wire.
 */

/** Field messages, worded exactly as the product spec gives them where it gives them. */
export const validationMessages = {
  required: 'El campo es requerido',
  email: 'El formato del correo electrónico no es válido',
  digits: 'Número no válido',
  mobile: 'Celular no válido',
  name: 'Nombre no válido',
  password: 'La contraseña debe tener entre 8 y 128 caracteres',
  referralCode: 'El código debe tener entre 4 y 16 letras mayúsculas o números',
  boolean: 'El valor debe ser verdadero o falso',
  text: 'El valor debe ser un texto',
  termsAgree: 'Debes aceptar los términos y condiciones',
  socialNetwork: 'Elige una red social válida',
  missionId: 'La misión no es válida',
  viewId: 'La reproducción no es válida',
  notificationId: 'La notificación no es válida',
  deviceId: 'No pudimos identificar tu dispositivo. Recarga la página.',
  keyToClaim: 'La clave para reclamar no es válida',
  page: 'La página debe ser un número desde 1',
  socialAccount: 'La cuenta es demasiado larga',
  id: 'Identificador no válido',
  paymentMethod: 'Elige un método de pago válido',
  btcAddress: 'Dirección de Bitcoin no válida',
  usdtAddress: 'Dirección de USDT (red TRON, TRC20) no válida',
  nequiAccount: 'Número de Nequi no válido',
  bancolombiaAccount: 'Número de cuenta Bancolombia no válido (11 dígitos)',
  batteryOperation: 'Operación no válida',
  reason: 'Escribe un motivo de hasta 200 caracteres',
} as const

const wholeNumber = new Intl.NumberFormat('es-CO', {
  maximumFractionDigits: 0,
  useGrouping: 'always',
})

/** Messages of amount rules, with the bound written as a Colombian reader expects (1.000). */
export const amountMessages = {
  min: (min: number) => `El mínimo es ${wholeNumber.format(min)}`,
  max: (max: number) => `El máximo es ${wholeNumber.format(max)}`,
} as const

/** The spec's error catalogue (section 8), as the player reads it. */
export const catalogueMessages = {
  /** 401 on any call except from route '/'. */
  sessionEnded: 'La sesión ha terminado',
  /** No response at all (network). */
  network: 'Ocurrio un error al procesar la petición',
  /** Mission summary calls without a response: the spec keeps this typo ("en") verbatim. */
  missionSummaryNetwork: 'Ocurrio en error al procesar la solicitud',
  /** Another HTTP error whose body carries no message. */
  fallback: 'err',
} as const

/** What the server answers, besides the field messages. */
export const apiMessages = {
  ok: 'Operación exitosa',
  sessionEnded: catalogueMessages.sessionEnded,
  notFound: 'Recurso no encontrado',
  unknownParentCode: 'El código de referido no existe',
  emailTaken: 'El correo electrónico ya está registrado',
  invalidCredentials: 'Correo o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos. Intenta de nuevo en unos minutos.',
  busy: 'El servidor está ocupado. Intenta de nuevo en unos segundos.',
  invalidIdempotencyKey: 'La clave de idempotencia no es válida',
  idempotencyKeyReused: 'La clave de idempotencia ya se usó con otra solicitud',
  idempotencyKeyInProgress:
    'Tu solicitud anterior aún se está procesando. Intenta de nuevo en unos segundos.',
  notJson: 'El contenido debe ser JSON',
  malformedJson: 'El contenido no es un JSON válido',
  forbiddenOrigin: 'Origen no permitido',
  tooLarge: 'La solicitud es demasiado grande',
  requestTimeout: 'La solicitud tardó demasiado en llegar',
  invalidBody: 'La solicitud no es válida',
  internal: 'Ocurrió un error inesperado. Intenta de nuevo.',
  signedUp: 'Tu cuenta fue creada. Ya puedes iniciar sesión.',
  loggedIn: 'Bienvenido a Tery',
  loggedOut: 'Sesión cerrada',
  validCode: 'Código de referido válido',
  termsAgreed: 'Términos aceptados',
  preferenceSaved: 'Preferencia guardada',
  // Earning: social accounts, missions, videos, playlists, volta charge, notifications.
  accountRegistered: 'Recibimos tu cuenta. La revisaremos pronto.',
  accountTaken: 'Esa cuenta ya está registrada por otro jugador',
  accountExists: 'Ya registraste una cuenta en esta red social',
  missionNotFound: 'La misión no existe',
  missionAdded: 'Misión tomada. Cúmplela y luego verifícala.',
  missionAlreadyAdded: 'Ya tomaste esta misión',
  missionNotAdded: 'Primero toma la misión',
  missionNotClaimable: 'Esta misión aún no está lista para reclamar',
  missionAlreadyClaimed: 'Ya reclamaste esta misión',
  missionClaimed: 'Recompensa reclamada',
  dailyCapReached: 'Ya tomaste todas tus misiones de hoy. Vuelve mañana.',
  deviceDenied:
    'Este dispositivo ya se usa con demasiadas cuentas de Tery. Las misiones y los videos solo se pueden hacer desde tu propio dispositivo.',
  videoNotFound: 'El video no existe',
  videoDisabled: 'Este video está deshabilitado por un tiempo. Vuelve más tarde.',
  videoFinishedAlready: 'Ya terminaste este video',
  videoStarted: 'Reproducción iniciada',
  videoRestarted: 'Reproducción reiniciada',
  videoTooEarly:
    'Aún no termina el tiempo del video. Por intentar reclamar antes de tiempo, el video queda deshabilitado unos minutos.',
  videoWrongKey: 'La clave para reclamar no corresponde a esta reproducción',
  videoViewNotFound: 'La reproducción no existe',
  videoFinished: 'Video terminado',
  voltaClaimed: 'Carga volta reclamada',
  nothingToClaim: 'No tienes nada por reclamar todavía',
  referralClaimed: 'Ganancias de tus referidos reclamadas',
  notificationNotFound: 'La notificación no existe',
  notificationsViewed: 'Notificaciones marcadas como vistas',
  uploadType: 'El tipo de archivo no está permitido',
  uploadTooLarge: 'El archivo supera el tamaño permitido',
  uploadInvalid: 'El archivo no es una imagen válida',
  notEnoughTerydollars: 'No tienes suficientes terydólares',
  notEnoughGems: 'No tienes suficientes gemas',
  notEnoughTerycarbons: 'No tienes suficientes terycarbonos',
  notEnoughVoltaCharge: 'No tienes suficiente carga volta',
  notEnoughBatteries: 'No tienes suficientes baterías',
  batteryLimit: 'Superarías el máximo de baterías por jugador',
  nothingToCollect: 'Aún no hay gemas para recolectar',
  batteriesBought: 'Baterías compradas',
  batteriesMelted: 'Baterías fundidas',
  gemsCollected: 'Gemas recolectadas',
  terydollarsBurned: 'Terydólares quemados',
  terycarbonBatteryPaid: 'Pago de la batería de terycarbonos registrado',
  terycarbonBatteryOverpaid: 'El monto supera lo que falta por pagar de la batería',
  terycarbonBatteryMinimum:
    'El pago es menor que el mínimo por pago: paga al menos el mínimo o todo lo que falta',
  terycarbonBatteryComplete: 'Ya pagaste toda tu batería de terycarbonos',
  orderCreated: 'Orden creada. Paga y envía tu comprobante.',
  orderOpen: 'Ya tienes una orden de compra abierta',
  orderNotFound: 'La orden no existe',
  orderClosed: 'La orden ya fue revisada',
  voucherReceived: 'Recibimos tu comprobante. Lo revisaremos pronto.',
  offerListed: 'Oferta publicada',
  offerBought: 'Compraste la oferta',
  offerCancelled: 'Oferta cancelada',
  offerNotFound: 'La oferta no existe',
  offerGone: 'La oferta ya no está disponible',
  ownOffer: 'No puedes comprar tu propia oferta',
  notYourOffer: 'Solo puedes cancelar tus propias ofertas',
  tooManyOffers: 'Alcanzaste el máximo de ofertas abiertas',
  unknownPlayerCode: 'No existe un jugador con ese código',
  selfTransfer: 'No puedes enviarte gemas a ti mismo',
  gemsSent: 'Envío de gemas registrado',
  inventoryNotFound: 'Inventario no encontrado',
  walletNotFound: 'Billetera no encontrada',
  walletSaved: 'Billetera guardada',
  noWalletForMethod: 'Agrega primero una billetera para este método de pago',
  conversionRequested: 'Canje solicitado. Te enviaremos el dinero a tu billetera.',
} as const
