import * as v from 'valibot'

/** Said when a call's device id is missing or malformed: the browser made it, a reload fixes it. */
export const deviceIdMessage = 'No pudimos identificar tu dispositivo. Recarga la página.'

/**
 * The device a player plays from: the random id the browser keeps (src/app/device-id.ts, a UUID
 * or 32 hex characters), sent where a rule binds an action to a device (missions, videos, the
 * music section's access). One rule for every endpoint that takes it.
 */
export const deviceIdField = v.pipe(
  v.string(deviceIdMessage),
  v.regex(/^[A-Za-z0-9-]{8,64}$/, deviceIdMessage),
)
