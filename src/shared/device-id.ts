/** Where the browser keeps its device id between visits. */
const STORAGE_KEY = 'tery:device-id'
const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/

let inMemory: string | null = null

function newDeviceId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // Plain-HTTP origins other than localhost have no randomUUID: 128 random bits in hex.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * This browser's device id: random, made once and kept in localStorage, sent when a mission is
 * taken, a video played or access checked (the server's device rule). Where storage is blocked it
 * lasts as long as the page.
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    if (stored && DEVICE_ID_PATTERN.test(stored)) return stored
    const created = newDeviceId()
    localStorage.setItem(STORAGE_KEY, created)
    return created
  } catch {
    inMemory ??= newDeviceId()
    return inMemory
  }
}
