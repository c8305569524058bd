/**
 * `npm run check`: the inner loop's gate, the part of `npm test` that needs no server, no database
 * and no browser: the typecheck, the lint and format checks, and the unit and machine suites.
 *
 * The three run side by side (tsc and eslint use one core each, and the suites' workers take
 * what is left) and the check fails when any part fails (scripts/lib/lanes.ts). tsc, eslint and
 * prettier keep their caches in node_modules/.cache, so a second run only looks at what changed
 * (docs/testing.md has the figures).
 */
import { runLanes } from './lib/lanes'
import { bin } from './lib/server-process'

process.exitCode = await runLanes('check', [
  [{ name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] }],
  [{ name: 'lint and format', command: 'npm', args: ['run', '-s', 'lint'] }],
  [
    {
      name: 'unit and machine suites',
      command: bin('vitest'),
      args: ['run', '--project', 'unit', '--project', 'machines', ...process.argv.slice(2)],
    },
  ],
])
