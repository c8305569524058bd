/**
 * `npm test`: everything a change must pass, in two lanes side by side (scripts/lib/lanes.ts).
 *
 * - the in-process lane: `npm run check` (typecheck, lint and format, unit and machine suites),
 *   then the server suite;
 * - the browser lane: the schema against the migrations (`npm run db:check`), the generated docs
 *   (`npm run docs -- --check`), the journeys in Chromium (`npm run e2e`), then the tools and ui
 *   suites;
 * - with TEST_POSTGRES_URL set (CI sets it), a third lane: the server suite again, on that
 *   PostgreSQL (each file clones its own database from a migrated template there).
 *
 * Why two lanes: the in-process suites keep both cores busy, while the journeys mostly wait for a
 * page (about 0.6 of a core over their three to four minutes), so one after the other left most
 * of a core idle for as long as the journeys ran. The server suite on PostgreSQL waits on the
 * database as much as it works (about 0.9 of a core), so it fills what is left. The tools and ui
 * suites end the browser lane because the in-process lane, with them, was the last to end in both
 * shapes (docs/testing.md, "The gate's time", has the figures).
 */
import { runLanes } from './lib/lanes'
import { bin } from './lib/server-process'

const postgres = process.env.TEST_POSTGRES_URL

process.exitCode = await runLanes('test', [
  [
    { name: 'check', command: 'npm', args: ['run', '-s', 'check'] },
    { name: 'server suite', command: bin('vitest'), args: ['run', '--project', 'server'] },
  ],
  [
    { name: 'schema against migrations', command: 'npm', args: ['run', '-s', 'db:check'] },
    { name: 'generated docs', command: 'npm', args: ['run', '-s', 'docs', '--', '--check'] },
    { name: 'browser journeys', command: 'npm', args: ['run', '-s', 'e2e'] },
    {
      name: 'tools and ui suites',
      command: bin('vitest'),
      args: ['run', '--project', 'tools', '--project', 'ui'],
    },
  ],
  ...(postgres
    ? [
        [
          {
            name: 'server suite on PostgreSQL',
            command: bin('vitest'),
            args: ['run', '--project', 'server'],
            env: { DATABASE_URL: postgres },
          },
        ],
      ]
    : []),
])
