/**
 * `npm test`: everything a change must pass, in two lanes side by side (scripts/lib/lanes.ts).
 *
 * - the in-process lane: `npm run check` (typecheck, lint and format, unit and machine suites),
 *   then the tools, ui and server suites;
 * - the browser lane: the schema against the migrations (`npm run db:check`), the generated docs
 *   (`npm run docs -- --check`), then the journeys in Chromium (`npm run e2e`).
 *
 * Why two lanes: the in-process suites keep both cores busy, while the journeys mostly wait for a
 * page (about 0.6 of a core over their four minutes), so one after the other left most of a core
 * idle for as long as the journeys ran. docs/testing.md ("The gate's time") has the figures.
 */
import { runLanes } from './lib/lanes'
import { bin } from './lib/server-process'

process.exitCode = await runLanes('test', [
  [
    { name: 'check', command: 'npm', args: ['run', '-s', 'check'] },
    {
      name: 'tools, ui and server suites',
      command: bin('vitest'),
      args: ['run', '--project', 'tools', '--project', 'ui', '--project', 'server'],
    },
  ],
  [
    { name: 'schema against migrations', command: 'npm', args: ['run', '-s', 'db:check'] },
    { name: 'generated docs', command: 'npm', args: ['run', '-s', 'docs', '--', '--check'] },
    { name: 'browser journeys', command: 'npm', args: ['run', '-s', 'e2e'] },
  ],
])
