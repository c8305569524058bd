/**
 * The app's reactions to the error catalogue, apart from the HTTP client itself: src/main.tsx
 * registers them at start, while the client (ofetch and the catalogue's messages) loads with the
 * first call, after the first paint.
 */
export type HttpHooks = {
  /** A call outside '/' (or a mission summary call) answered 401: the session is over. */
  onSessionExpired: () => void
  /** True when the first of the concurrent calls starts, false when the last one ends. */
  onLoadingChange: (active: boolean) => void
  /** The router's current pathname, to tell the landing page '/' from the rest. */
  currentPath: () => string
  /** A call got no answer at all: the live machine takes the app offline until one comes. */
  onNetworkFailure: () => void
}

const defaultHooks: HttpHooks = {
  onSessionExpired: () => undefined,
  onLoadingChange: () => undefined,
  currentPath: () => globalThis.location?.pathname ?? '/',
  onNetworkFailure: () => undefined,
}

let hooks: HttpHooks = { ...defaultHooks }

/** Replaces the hooks it names and keeps the rest. */
export function setHttpHooks(changes: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...definedHooks(changes) }
}

export function httpHooks(): HttpHooks {
  return hooks
}

/** Back to the hooks at module load. Tests only (through resetHttp). */
export function resetHttpHooks(): void {
  hooks = { ...defaultHooks }
}

function definedHooks(changes: Partial<HttpHooks>): Partial<HttpHooks> {
  return Object.fromEntries(Object.entries(changes).filter(([, hook]) => hook !== undefined))
}
