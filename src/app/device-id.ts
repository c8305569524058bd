const STORAGE_KEY = 'tery:device-id'

/**
 * This browser's device id: random, kept in localStorage, sent where the API asks for a deviceId
 * (the music section's access check). A new one when storage is unavailable.
 */
export function deviceId(): string {
  const fresh = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('')
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored
    const id = fresh()
    localStorage.setItem(STORAGE_KEY, id)
    return id
  } catch {
    return fresh()
  }
}
