/** URL-safe alphabet of 64 symbols, so one random byte masked to 6 bits picks one uniformly. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Default length of a random token (spec: 64). */
export const RANDOM_TOKEN_LENGTH = 64

/**
 * A random token of `length` URL-safe characters from the platform's CSPRNG
 * (crypto.getRandomValues), e.g. the deviceId sent when a video starts.
 */
export function randomToken(length: number = RANDOM_TOKEN_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) {
    throw new RangeError(`Token length must be a positive integer, got ${length}`)
  }
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  let token = ''
  for (const byte of bytes) token += ALPHABET[byte & 63]
  return token
}
