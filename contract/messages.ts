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
  characters: 'El texto contiene caracteres no válidos',
  termsAgree: 'Debes aceptar los términos y condiciones',
  page: 'La página debe ser un número desde 1',
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
  tooManyAttempts: 'Demasiados intentos. Intenta de nuevo más tarde.',
  signupsFromAddress:
    'Desde esta conexión ya se crearon todas las cuentas que se permiten en 24 horas. Intenta de nuevo más tarde.',
  signupsFromDevice:
    'Desde este dispositivo ya se crearon todas las cuentas que se permiten en 24 horas. Intenta de nuevo más tarde.',
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
  // Refusals several areas give.
  uploadType: 'El tipo de archivo no está permitido',
  uploadTooLarge: 'El archivo supera el tamaño permitido',
  uploadInvalid: 'El archivo no es una imagen válida',
  notEnoughTerydollars: 'No tienes suficientes terydólares',
  notEnoughGems: 'No tienes suficientes gemas',
  notEnoughTerycarbons: 'No tienes suficientes terycarbonos',
  notEnoughVoltaCharge: 'No tienes suficiente carga volta',
  notEnoughBatteries: 'No tienes suficientes baterías',
} as const
