/*
 * The server's clock as the browser learns it. Every countdown (a login refused for a while, a
 * station's charge, a video's wait) ends at an instant the server wrote on its own clock; a device
 * whose clock is off by minutes would count to the wrong moment. Every answer carries the
 * server's clock in its Date header (RFC 9110), so the app's clock is the device's plus the
 * difference the last answer showed.
 */

/** A Date header says whole seconds: a device within this much is left on its own clock. */
const TRUSTED_SKEW_MS = 2_000

let offsetMs = 0

/**
 * Learns the server's clock from an answer's Date header, read at `receivedAt` for a request sent
 * at `sentAt` (device ms): the server wrote it midway, and within the second it names.
 */
export function learnServerClock(date: string | null, sentAt: number, receivedAt: number): void {
  const serverSecond = date === null ? Number.NaN : Date.parse(date)
  if (Number.isNaN(serverSecond)) return
  const skew = serverSecond + 500 - (sentAt + receivedAt) / 2
  offsetMs = Math.abs(skew) < TRUSTED_SKEW_MS ? 0 : Math.round(skew)
}

/** Now on the server's clock, as far as the browser knows it (ms since the epoch). */
export function serverNow(): number {
  return Date.now() + offsetMs
}

/** Back to the device's own clock. Tests only. */
export function resetServerClock(): void {
  offsetMs = 0
}
