import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
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
    const result = await runScript('paths', [
      'session',
      '--strategy',
      'cover',
      '--emit',
      'vitest',
      '--out',
      suite,
    ])
    expect(result.code).toBe(0)
    source = await readFile(path.join(root, suite), 'utf8')
  })

  it('writes one test per path that replays each step and checks the state after it', () => {
    expect(source).toContain(
      "import { sessionEntry } from '../../machines/session/session.samples'",
    )
    expect(source).toContain("import { MachineHarness } from '../../tests/machines/support/replay'")
    expect(source.match(/\bit\(/g)).toHaveLength(4)
    expect(source).toContain("harness.send({ type: 'session.check', path: '/home' })")
    expect(source).toContain("await harness.resolve('fetchSession', {")
    expect(source).toContain("expect(harness.snapshot.value).toEqual({ authenticated: 'ready' })")
  })

  it('runs green under Vitest, and a wrong expectation in it fails', async () => {
    // The same suite with the last expected state of its first test made wrong.
    const lines = source.split('\n')
    const firstEnd = lines.findIndex((line) => line.trim() === '})')
    const lastExpect = lines.slice(0, firstEnd).findLastIndex((line) => line.includes('toEqual('))
    lines[lastExpect] = "    expect(harness.snapshot.value).toEqual('unknown')"
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
    expect(statuses(suite)).toEqual(['passed', 'passed', 'passed', 'passed'])
    expect(statuses(broken)).toEqual(['failed', 'passed', 'passed', 'passed'])
  })

  it('writes imports for a file in tests/machines/ when it prints to the terminal', async () => {
    const { code, stdout } = await runScript('paths', [
      'clipboard-copy',
      '--strategy',
      'cover',
      '--emit',
      'vitest',
    ])
    expect(code).toBe(0)
    expect(stdout).toContain(
      "import { clipboardCopyEntry } from '../../machines/clipboard-copy/clipboard-copy.samples'",
    )
    expect(stdout).toContain("import { MachineHarness } from './support/replay'")
    expect(stdout).toContain('harness.advance(2000)')
  })
})
