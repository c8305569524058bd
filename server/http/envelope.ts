import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Envelope } from '../../src/api/schemas/envelope'

/** Messages the server answers with, in the player's language. */
export const messages = {
  ok: 'Operación exitosa',
  sessionEnded: 'La sesión ha terminado',
  notFound: 'Recurso no encontrado',
  unknownParentCode: 'El código de referido no existe',
  emailTaken: 'El correo electrónico ya está registrado',
  invalidCredentials: 'Correo o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos. Intenta de nuevo en unos minutos.',
  notJson: 'El contenido debe ser JSON',
  malformedJson: 'El contenido no es un JSON válido',
  forbiddenOrigin: 'Origen no permitido',
  tooLarge: 'La solicitud es demasiado grande',
  invalidBody: 'La solicitud no es válida',
  digits: 'Número no válido',
  internal: 'Ocurrió un error inesperado. Intenta de nuevo.',
  signedUp: 'Tu cuenta fue creada. Ya puedes iniciar sesión.',
  loggedIn: 'Bienvenido a Tery',
  loggedOut: 'Sesión cerrada',
  validCode: 'Código de referido válido',
} as const

/** Answers `{ status, message, data }` with the HTTP status equal to `status`. */
export function reply<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  message: string = messages.ok,
  status: S = 200 as S,
) {
  const body: Envelope<T> = { status, message, data }
  return c.json(body, status)
}

/** An error answer; `data` is null unless the error carries details (e.g. field messages). */
export function fail<S extends ContentfulStatusCode, T = null>(
  c: Context,
  status: S,
  message: string,
  data: T = null as T,
) {
  const body: Envelope<T> = { status, message, data }
  return c.json(body, status)
}
