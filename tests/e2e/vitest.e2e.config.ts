import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The E2E suite's own config: vite.config.ts's projects are the in-process suites, and these tests
 * need a running server and Chromium, which scripts/e2e.ts provides (E2E_BASE_URL, E2E_SEEDED_DATA_DIR, CHROME_PATH).
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Two files at a time, each with its own browser, on the one server: a journey mostly waits
    // for a page (about half a core), so one after another left a core idle. They can share it:
    // a file that counts a player's balances plays as a player no other file plays as (the seed's
    // E2E players, the keyboard's, a fresh signup; the demo's balances only in extras.e2e.ts), or
    // starts a server of its own (earning.e2e.ts, live.e2e.ts's restart). Vitest's default is
    // one worker on two cores.
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
})
