import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { coverPaths } from '../../scripts/lib/machine-graph'
import { registered } from './support/registered'
import { root, run, runScript } from './support/run-script'

const folder = 'test-results/emitted-suite'
const suite = `${folder}/session.cover-paths.test.ts`
const broken = `${folder}/session.broken.test.ts`

type Report = {
  testResults: Array<{ name: string; assertionResults: Array<{ status: string; title: string }> }>
}

describe('npm run paths -- <machine> --emit vitest', () => {
  let source = ''

  beforeAll(async () => {
    await rm(path.join(root, folder), { recursive: true, force: true })
    await mkdir(path.join(root, folder), { recursive: true })
    // Cover is the default strategy.
    const result = await runScript('paths', ['session', '--emit', 'vitest', '--out', suite])
    expect(result.code).toBe(0)
    source = await readFile(path.join(root, suite), 'utf8')
  })

  const paths = coverPaths(registered('session')).length

  it('writes one test per cover path that checks what each step shows and what it ignores', () => {
    expect(source).toContain(
      "import { sessionEntry } from '../../machines/session/session.samples'",
    )
    expect(source).toContain("import { MachineHarness } from '../../tests/machines/support/replay'")
    expect(source.match(/\bit\(/g)).toHaveLength(paths)
    expect(source).toContain(
      'const harness = new MachineHarness(sessionEntry.machine, sessionEntry)',
    )
    expect(source).toContain("harness.send({ type: 'session.check', path: '/home' })")
    expect(source).toContain("await harness.resolve('fetchSession', {")
    // The state, the calls started with their input, what the selectors show, what is emitted.
    expect(source).toContain("invoked: { fetchSession: { path: '/home' } }")
    expect(source).toContain("state: { authenticated: 'ready' }")
    expect(source).toMatch(/shows: \{[^}]*selectIsSettled: true/)
    expect(source).toContain("emitted: [{ type: 'bottomBar.show' }]")
    expect(source).toMatch(/harness\.ignoring\(\[\s*\{ type: 'login\.submit'/)
  })

  it('runs green under Vitest, and a wrong expectation in it fails', async () => {
    // The same suite with the last expected state of its first test made wrong.
    const lines = source.split('\n')
    const firstEnd = lines.findIndex((line) => line === '  })')
    const lastState = lines.slice(0, firstEnd).findLastIndex((line) => /^\s+state: /.test(line))
    lines[lastState] = lines[lastState]?.replace(/state: .*/, "state: 'unknown',") ?? ''
    await writeFile(path.join(root, broken), lines.join('\n'))

    const report = path.join(root, folder, 'report.json')
    const result = await run(path.join(root, 'node_modules', '.bin', 'vitest'), [
      'run',
      '--config',
      'tests/tools/support/emitted-suite.config.ts',
      '--reporter=json',
      `--outputFile=${report}`,
    ])
    expect(result.code).toBe(1)
    const { testResults } = JSON.parse(await readFile(report, 'utf8')) as Report
    const statuses = (file: string) =>
      testResults
        .find((entry) => entry.name.endsWith(file))
        ?.assertionResults.map((test) => test.status)
    const passed = Array.from({ length: paths }, () => 'passed')
    expect(statuses(suite)).toEqual(passed)
    expect(statuses(broken)).toEqual(['failed', ...passed.slice(1)])
  })

  it('writes imports for a file in tests/machines/ when it prints to the terminal', async () => {
    const { code, stdout } = await runScript('paths', ['clipboard-copy', '--emit', 'vitest'])
    expect(code).toBe(0)
    expect(stdout).toContain(
      "import { clipboardCopyEntry } from '../../machines/clipboard-copy/clipboard-copy.samples'",
    )
    expect(stdout).toContain("import { MachineHarness } from './support/replay'")
    expect(stdout).toContain('harness.advance(2000)')
  })
})
