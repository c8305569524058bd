import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * Runs the suites `npm run paths -- <machine> --emit vitest --out ...` wrote under
 * test-results/emitted-suite/ (ignored by git), as a tester would run them: plain Vitest.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['test-results/emitted-suite/**/*.test.ts'],
    environment: 'node',
  },
})
