import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { Browser, Locator, Page } from 'playwright-core'
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

  /**
   * The diagrams drawn at this width: a view wider than a phone is laid out twice, and only one
   * of the two is shown (the narrow one on a phone).
   */
  const shown = 'svg.diagram:visible'

  /** The node is drawn where the diagram's frame shows it, not scrolled away. */
  const expectInView = async (node: Locator) => {
    const box = await node.boundingBox()
    const frame = await page.locator('#diagrams').boundingBox()
    expect(box && frame).toBeTruthy()
    if (!box || !frame) return
    // Scrolled to, a heading sits on the frame's top edge, to a fraction of a pixel either way.
    expect(box.y).toBeGreaterThanOrEqual(frame.y - 0.5)
    expect(box.y + Math.min(box.height, 40)).toBeLessThanOrEqual(frame.y + frame.height)
    expect(box.x + box.width).toBeGreaterThan(frame.x)
    expect(box.x).toBeLessThan(frame.x + frame.width)
  }

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

    // Session is drawn by part: the step is drawn in the part that holds its states, and the
    // overview marks that part's box.
    const frame = page.locator('.diagram-frame[data-machine="session"]')
    const signedIn = frame.locator('.diagram-view').filter({
      has: page.getByRole('heading', { name: 'Part: signed in: terms' }),
    })
    const active = await signedIn
      .locator(`${shown} .state.is-active`)
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')))
    expect(active).toEqual(['authenticated.agreeing'])
    expect(
      await frame
        .locator(`${shown} .state.part.is-active`)
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))),
    ).toEqual([expect.stringMatching(/^Part signed in: terms:/)])
    const taken = signedIn.locator(`${shown} .transition.is-taken`)
    expect(await taken.getAttribute('aria-label')).toBe(
      'Transition terms.agree «ACEPTAR», from authenticated.termsPending to authenticated.agreeing',
    )
    await expectInView(taken)
    // Steps already taken stay marked, so the way there can be read on the diagram.
    const wasTaken = await frame
      .locator(`${shown} [data-transition].was-taken`)
      .evaluateAll(
        (nodes) => new Set(nodes.map((node) => node.getAttribute('data-transition'))).size,
      )
    expect(wasTaken).toBe(5)
    await shot('session-step-7')

    await frame.locator(`${shown} [data-state="authenticated.termsPending"]:not(.outside)`).click()
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
    // The states marked, where they are drawn whole (the overview's box for claimed's part is
    // marked too, as the coupon test below checks).
    const activeStates = () =>
      frame
        .locator(`${shown} .state.is-active:not(.part)`)
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
    expect(await frame.locator(`${shown} .transition.is-taken`).getAttribute('aria-label')).toMatch(
      /^Transition claimReward answers/,
    )
    await shot('rank-reward-simulated')
  })

  it('draws a large machine by part on a phone: the overview leads to a part, the simulation shows each state where it is drawn', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${atlasUrl}#coupon`)
    await page.getByRole('heading', { level: 2, name: 'coupon', exact: true }).waitFor()
    const frame = page.locator('.diagram-frame[data-machine="coupon"]')
    expect(await frame.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Overview',
      'Part: choosing',
      'Part: buying',
      'Part: activating',
      'Part: claiming',
      'Part: expired',
    ])
    // Each diagram keeps its text at 10 px or more; a part is read with less scrolling than the
    // 2,167 px the machine took whole.
    const drawn = await frame.locator(shown).evaluateAll((svgs) =>
      svgs.map((svg) => {
        const { width } = svg.getBoundingClientRect()
        const scale = width / (svg as SVGSVGElement).viewBox.baseVal.width
        return { text: 12 * scale, width }
      }),
    )
    expect(drawn).toHaveLength(6)
    for (const { text, width } of drawn) {
      expect(text).toBeGreaterThan(9.9)
      expect(width).toBeLessThan(1600)
    }

    // The overview's box for a part leads to the part's diagram.
    await frame.getByRole('button', { name: /^Part claiming:/ }).click()
    const claiming = frame.getByRole('heading', { name: 'Part: claiming' })
    await expect.poll(() => claiming.evaluate((node) => node === document.activeElement)).toBe(true)
    await expectInView(claiming)

    // Simulated, the machine lands in claimable: marked in the claiming part, where it is drawn
    // whole and shown, as a dashed box in the part that leads there, and as its part's box. On a
    // phone, claiming's arrow back to claimable (claimCoupon fails) ends on a dashed box too.
    await page.getByRole('combobox', { name: 'Path' }).selectOption({
      label: 'Simulate: send the events yourself',
    })
    const accepted = page.getByRole('region', { name: 'Events accepted here' })
    await accepted
      .getByRole('button')
      .filter({ hasText: /→ claimable$/ })
      .click()
    const activeIn = (selector: string) =>
      frame
        .locator(`${shown} ${selector}`)
        .evaluateAll((nodes) =>
          nodes.map((node) => node.closest('.diagram-view')?.querySelector('h3')?.textContent),
        )
    expect(await activeIn('[data-state="claimable"].is-active:not(.outside)')).toEqual([
      'Part: claiming',
    ])
    expect(await activeIn('[data-state="claimable"].outside.is-active')).toEqual([
      'Part: activating',
      'Part: claiming',
    ])
    expect(await activeIn('.state.part.is-active')).toEqual(['Overview'])
    await expectInView(frame.locator(`${shown} [data-state="claimable"].is-active:not(.outside)`))
    await shot('coupon-phone-claimable')

    // A step into a state of another part shows that part.
    await accepted.getByRole('button').filter({ hasText: 'coupon.claim' }).click()
    await accepted
      .getByRole('button')
      .filter({ hasText: /^claimCoupon answers/ })
      .click()
    expect(await page.locator('#step-status').textContent()).toMatch(
      /^Step 4 of 4: claimCoupon answers .*→ claimed$/,
    )
    expect(await activeIn('[data-state="claimed"].is-active:not(.outside)')).toEqual([
      'Part: claiming',
    ])
    await accepted
      .getByRole('button')
      .filter({ hasText: /→ confirming$/ })
      .click()
    expect(await activeIn('[data-state="confirming"].is-active:not(.outside)')).toEqual([
      'Part: choosing',
    ])
    await expectInView(frame.locator(`${shown} [data-state="confirming"].is-active:not(.outside)`))

    // Transitions between one pair of states share one arrow: taking one marks the arrow and
    // its own label, not its neighbour's.
    await page.getByRole('button', { name: 'Start again' }).click()
    await accepted
      .getByRole('button')
      .filter({ hasText: /→ active$/ })
      .click()
    await accepted.getByRole('button').filter({ hasText: 'coupon.track' }).click()
    await accepted
      .getByRole('button')
      .filter({ hasText: /^trackCoupon fails/ })
      .click()
    expect(await activeIn('.line.shared.is-taken')).toEqual(['Part: activating'])
    expect(
      await frame
        .locator(`${shown} [data-transition].is-taken`)
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))),
    ).toEqual(['Transition trackCoupon fails, from tracking to active'])
  })

  it('lays a wide part out narrow on a phone, one state per row, so it fits the screen, and keeps the wide layout on a desktop', async () => {
    /** Per diagram shown: its heading, whether its layout is the narrow one, whether it fits. */
    const views = (machine = 'trading-offer') =>
      page
        .locator(`.diagram-frame[data-machine="${machine}"] .diagram-view`)
        .evaluateAll((sections) =>
          sections.map((section) => {
            const svg = [...section.querySelectorAll('svg.diagram')].find(
              (drawn) => drawn.getClientRects().length > 0,
            ) as SVGSVGElement
            const frame = document.getElementById('diagrams')?.getBoundingClientRect()
            const { right, width } = svg.getBoundingClientRect()
            return {
              heading: section.querySelector('h3')?.textContent,
              narrow: svg.classList.contains('narrow'),
              fits: right <= (frame?.right ?? 0) && (12 * width) / svg.viewBox.baseVal.width >= 10,
            }
          }),
        )
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${atlasUrl}#trading-offer`)
    await page.getByRole('heading', { level: 2, name: 'trading-offer', exact: true }).waitFor()
    const phone = await views()
    // Drawn wide, only the confirming part fitted a phone's screen with its text at 10 px.
    expect(phone.filter((view) => view.fits).map((view) => view.heading)).toEqual([
      'Overview',
      'Part: confirming',
      'Part: buying',
      'Part: bought',
      'Part: buying failed',
      'Part: cancelling',
    ])
    // The overview (431 px wide) too: its parts' boxes list their states on short lines, 205 px.
    expect(phone.filter((view) => view.narrow).map((view) => view.heading)).toEqual([
      'Overview',
      'Part: buying',
      'Part: buying failed',
      'Part: cancelling',
    ])
    await shot('trading-offer-phone')

    await page.setViewportSize({ width: 1280, height: 800 })
    // The views are measured again when the window's width reaches them (a ResizeObserver's
    // callback, after the next layout), not within the resize itself.
    await expect.poll(async () => (await views()).filter((view) => view.narrow)).toEqual([])
    expect(await page.locator('svg.diagram.narrow:visible').count()).toBe(0)

    // Where the wide layout is wider than a desktop's frame even at 10 px text (video-mission's
    // checking, 1,328 px), that view shows its narrow one there too, and every view fits.
    await page.goto(`${atlasUrl}#video-mission`)
    await page.getByRole('heading', { level: 2, name: 'video-mission', exact: true }).waitFor()
    const desktop = await views('video-mission')
    expect(desktop.filter((view) => view.narrow).map((view) => view.heading)).toEqual([
      'Part: checking',
    ])
    expect(desktop.filter((view) => !view.fits)).toEqual([])
  })

  it('fits every diagram of every machine on a phone, its text at about 11 px or more', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(atlasUrl)
    const machines = await page
      .locator('.diagram-frame')
      .evaluateAll((frames) => frames.map((frame) => (frame as HTMLElement).dataset.machine ?? ''))
    expect(machines.length).toBeGreaterThan(30)
    const unfit: string[] = []
    for (const machine of machines) {
      await page.goto(`${atlasUrl}#${machine}`)
      await page.getByRole('heading', { level: 2, name: machine, exact: true }).waitFor()
      // Measured to the frame's inner edge: past it, the frame scrolls sideways.
      const views = await page
        .locator(`.diagram-frame[data-machine="${machine}"] ${shown}`)
        .evaluateAll((svgs) => {
          const frame = document.getElementById('diagrams') as HTMLElement
          const edge = frame.getBoundingClientRect().left + frame.clientLeft + frame.clientWidth
          return svgs.map((svg) => {
            const { right, width } = svg.getBoundingClientRect()
            return {
              name: svg.closest('.diagram-view')?.querySelector('h3')?.textContent ?? 'whole',
              right: right - edge,
              text: (12 * width) / (svg as SVGSVGElement).viewBox.baseVal.width,
            }
          })
        })
      for (const { name, right, text } of views) {
        if (right > 0.5 || text < 10.9) {
          unfit.push(`${machine} ${name}: ${Math.round(right)} px past, text ${text.toFixed(1)} px`)
        }
      }
    }
    // Laid out narrow with their labels beside the boxes, session's logging in: submitting
    // (480 px) and music-link's linking (491) scrolled, and 8 diagrams drew their text under 11
    // px (training's playing at 10).
    expect(unfit).toEqual([])
  })

  it('gives a large diagram the window on a desktop, and the details column its room once something is clicked', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${atlasUrl}#mine`)
    await page.getByRole('heading', { level: 2, name: 'mine', exact: true }).waitFor()
    const diagrams = page.locator('#diagrams')
    await diagrams.evaluate((node) => node.scrollIntoView({ block: 'start' }))
    // Before, the frame was 700 x 500 px here, beside an empty details column.
    expect(await page.getByRole('complementary').count()).toBe(0)
    const whole = await diagrams.boundingBox()
    expect(whole?.height).toBeGreaterThan(760)
    expect(whole?.width).toBeGreaterThan(1000)

    const bonus = page.locator(
      `.diagram-frame[data-machine="mine"] ${shown} [data-state="ready.bonus"]:not(.outside)`,
    )
    await bonus.last().click()
    const details = page.getByRole('complementary')
    await details.getByRole('heading', { name: 'State ready.bonus' }).waitFor()
    const [frame, aside] = await Promise.all([diagrams.boundingBox(), details.boundingBox()])
    expect(frame && aside && frame.x + frame.width).toBeLessThanOrEqual(aside?.x ?? 0)
    await expectInView(bonus.last())
    // Read beside the diagram scrolled to, not at the top of the page.
    expect(aside?.y).toBeGreaterThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])
  })

  it('is usable from the keyboard: a transition is read with Enter', async () => {
    await page.goto(`${atlasUrl}#clipboard-copy`)
    await page.getByRole('heading', { level: 2, name: 'clipboard-copy' }).waitFor()
    const copy = page.locator(
      `.diagram-frame[data-machine="clipboard-copy"] ${shown} [aria-label="Transition copy.request, from idle to copying"]`,
    )
    await copy.focus()
    await page.keyboard.press('Enter')
    const details = page.getByRole('complementary')
    await details.getByRole('heading', { name: /^Transition copy\.request/ }).waitFor()
    expect(await details.textContent()).toContain('The player presses the copy button.')
  })

  it('moves the focus into the details column and back to what opened it when Escape or its close button closes it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${atlasUrl}#clipboard-copy`)
    await page.getByRole('heading', { level: 2, name: 'clipboard-copy' }).waitFor()
    const frame = page.locator('.diagram-frame[data-machine="clipboard-copy"]')
    const details = page.getByRole('complementary')
    const focused = () =>
      page.evaluate(() => {
        const node = document.activeElement
        return node?.getAttribute('aria-label') ?? node?.textContent ?? ''
      })
    const copy = frame.locator(
      `${shown} [aria-label="Transition copy.request, from idle to copying"]`,
    )
    await copy.focus()
    await page.keyboard.press('Enter')
    await details.getByRole('heading', { name: /^Transition copy\.request/ }).waitFor()
    expect(await focused()).toBe('Transition copy.request')
    await page.keyboard.press('Escape')
    expect(await details.count()).toBe(0)
    expect(await focused()).toBe('Transition copy.request, from idle to copying')
    const diagrams = page.locator('#diagrams')
    expect((await diagrams.boundingBox())?.width).toBeGreaterThan(1000)

    // Clicked, a state opens the column; its close button gives the focus back to the state.
    await frame.locator(`${shown} [data-state="idle"]`).click()
    await details.getByRole('heading', { name: 'State idle' }).waitFor()
    expect(await focused()).toBe('State idle')
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('Close the details')
    await details.getByRole('button', { name: 'Close the details' }).click()
    expect(await details.count()).toBe(0)
    expect(await focused()).toBe('State idle')
    expect(await frame.locator('.is-selected').count()).toBe(0)
  })

  it('passes axe on every machine', async () => {
    await page.goto(atlasUrl)
    for (const id of [
      'session',
      'coupon',
      'mine',
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
