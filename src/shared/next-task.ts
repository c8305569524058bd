type Yielding = { scheduler?: { yield?: () => Promise<void> } }

/**
 * Resolves in a task of its own, so that work split by it never adds up to one long task (which a
 * phone's player feels as a page that does not answer). Chromium's `scheduler.yield` runs what
 * follows before other waiting tasks; elsewhere, a timer.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as Yielding
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve))
}
