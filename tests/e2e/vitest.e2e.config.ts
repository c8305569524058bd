import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The E2E suite's own config: vite.config.ts's projects are the in-process suites, and these tests
 * need a running server and Chromium, which scripts/e2e.ts provides (E2E_BASE_URL, CHROME_PATH).
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // One server and two cores: files run one after another, each with its own browser.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
})
