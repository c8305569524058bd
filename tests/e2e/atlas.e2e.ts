import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { atlasPage } from '../../scripts/lib/atlas/atlas-page'
import { machineReport } from '../../scripts/lib/machine-doc'
import { rewardEntry } from '../tools/fixtures/reward.machine'
import { axeViolations } from './support/axe'
import { launchChromium } from './support/browser'

const root = fileURLToPath(new URL('../..', import.meta.url))
const resultsDir = path.join(root, 'test-results', 'e2e')
const atlasUrl = pathToFileURL(path.join(root, 'docs', 'atlas', 'index.html')).href

/**
 * The machine atlas as a reviewer opens it: from the file system, in Chromium, with no server
 * and no network.
 */
describe('the machine atlas, opened from the file system', () => {
  let browser: Browser
  let page: Page
  let problems: string[]

  beforeAll(async () => {
    // The atlas is built, not committed: build it as `npm run docs` does, from the machines.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/docs.ts', '--atlas'], {
      cwd: root,
    })
    browser = await launchChromium()
  }, 180_000)
  afterAll(async () => {
    await browser.close()
  })
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
    problems = []
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) problems.push(`network: ${request.url()}`)
    })
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`console: ${message.text()}`)
      }
    })
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  })
  afterEach(async () => {
    await page.close()
    expect(problems).toEqual([])
  })

  const shot = (name: string) =>
    page.screenshot({ path: path.join(resultsDir, `atlas-${name}.png`), animations: 'disabled' })

  it('follows a path step by step on the diagram and explains a clicked state', async () => {
    await page.goto(atlasUrl)
    await page.getByRole('link', { name: /^session/ }).click()
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'session', exact: true }).count())
      .toBe(1)

    const path = page.getByRole('combobox', { name: 'Path' })
    const option = await path.locator('option', { hasText: /^cover path 2:/ }).getAttribute('value')
    await path.selectOption(option ?? '')
    const status = page.locator('#step-status')
    expect(await status.textContent()).toBe('Step 1 of 10: Start in unknown')
    const next = page.getByRole('button', { name: 'Next step' })
    for (let step = 0; step < 6; step++) await next.click()
    expect(await status.textContent()).toBe('Step 7 of 10: terms.agree → authenticated.agreeing')

    const frame = page.locator('.diagram-frame[data-machine="session"]')
    const active = await frame
      .locator('.state.is-active')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')))
    expect(active).toEqual(['authenticated', 'authenticated.agreeing'])
    expect(await frame.locator('.transition.is-taken').getAttribute('aria-label')).toBe(
      'Transition terms.agree «ACEPTAR», from authenticated.termsPending to authenticated.agreeing',
    )
    // Steps already taken stay marked, so the way there can be read on the diagram.
    expect(await frame.locator('.transition.was-taken').count()).toBe(5)
    await shot('session-step-7')

    await frame.locator('[data-state="authenticated.termsPending"]').click()
    const details = page.getByRole('complementary')
    await details.getByRole('heading', { name: 'State authenticated.termsPending' }).waitFor()
    expect(await details.textContent()).toContain(
      'The player must agree to the terms and conditions before playing.',
    )
    expect(await details.textContent()).toContain('REQ-SESSION-5')
    expect(await details.textContent()).toContain('tests in tests/machines/session.test.ts')
    await shot('session-state-details')

    // A test named in the details selects its path at the step that reaches the state.
    await details.getByRole('button', { name: 'cover path 7' }).click()
    expect(await status.textContent()).toMatch(/^Step \d+ of 10: .*→ authenticated\.termsPending$/)
  })

  it('simulates a machine: the reviewer sends the events a state accepts, with their samples', async () => {
    await page.goto(`${atlasUrl}#rank-reward`)
    await page.getByRole('heading', { level: 2, name: 'rank-reward', exact: true }).waitFor()
    await page.getByRole('combobox', { name: 'Path' }).selectOption({
      label: 'Simulate: send the events yourself',
    })
    const status = page.locator('#step-status')
    expect(await status.textContent()).toBe('Step 1 of 1: Start in checking')
    const accepted = page.getByRole('region', { name: 'Events accepted here' })
    const send = (text: string) => accepted.getByRole('button').filter({ hasText: text }).click()
    const frame = page.locator('.diagram-frame[data-machine="rank-reward"]')
    const activeStates = () =>
      frame
        .locator('.state.is-active')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')))

    // A reached rank of a player who never played: the machine's own guard sends it to needsPlay,
    // where nothing more is accepted.
    await send('"reached":true,"claimed":false,"played":false')
    expect(await status.textContent()).toBe(
      'Step 2 of 2: loadReward answers [waitsForPlay] → needsPlay',
    )
    expect(await activeStates()).toEqual(['needsPlay'])
    expect(await accepted.textContent()).toContain('None: the machine stays here')

    // Back one step, another answer: the steps after it give way, as a browser's history does.
    await page.getByRole('button', { name: 'Previous step' }).click()
    await send('"reached":true,"claimed":false,"played":true}')
    await send('reward.claim')
    expect(await accepted.getByRole('button').allTextContents()).toEqual([
      expect.stringMatching(/^claimReward answers \{"rankIndex":0,.*\} → claimed$/),
      'claimReward fails {"status":409,"message":"Ya reclamaste las gemas de ese rango","network":false} → claimable',
    ])
    await send('claimReward answers')
    expect(await status.textContent()).toBe(
      'Step 4 of 4: claimReward answers / balances.changed, reward.claimed, +gems → claimed',
    )
    expect(await activeStates()).toEqual(['claimed'])
    expect(await frame.locator('.transition.is-taken').getAttribute('aria-label')).toMatch(
      /^Transition claimReward answers/,
    )
    await shot('rank-reward-simulated')
  })

  it('is usable from the keyboard: a transition is read with Enter', async () => {
    await page.goto(`${atlasUrl}#clipboard-copy`)
    await page.getByRole('heading', { level: 2, name: 'clipboard-copy' }).waitFor()
    const copy = page.locator(
      '.diagram-frame[data-machine="clipboard-copy"] [aria-label="Transition copy.request, from idle to copying"]',
    )
    await copy.focus()
    await page.keyboard.press('Enter')
    const details = page.getByRole('complementary')
    await details.getByRole('heading', { name: /^Transition copy\.request/ }).waitFor()
    expect(await details.textContent()).toContain('The player presses the copy button.')
  })

  it('passes axe on every machine', async () => {
    await page.goto(atlasUrl)
    for (const id of [
      'session',
      'ui',
      'signup',
      'resource',
      'loading-bar',
      'toaster',
      'clipboard-copy',
    ]) {
      await page.evaluate((machine) => {
        location.hash = machine
      }, id)
      await page.getByRole('heading', { level: 2, name: id, exact: true }).waitFor()
      const violations = await axeViolations(page)
      expect({ id, violations }).toEqual({ id, violations: [] })
    }
  })

  it('shows what moves money, with the currency, the direction and the call', async () => {
    const report = machineReport(rewardEntry)
    const file = path.join(resultsDir, 'atlas-money', 'index.html')
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, await atlasPage([report], [], []))
    await page.goto(pathToFileURL(file).href)
    await page.getByRole('heading', { level: 2, name: 'reward' }).waitFor()
    const facts = page.locator('#machine-facts')
    expect(await facts.textContent()).toContain('Moves money:')
    await facts.getByRole('button', { name: /^claimReward answers/ }).click()
    const details = page.getByRole('complementary')
    await details.getByRole('heading', { name: 'Moves money' }).waitFor()
    expect(await details.textContent()).toContain(
      '+gems (to the player) through POST /api/mission/claim',
    )
    await shot('money')
  })
})
