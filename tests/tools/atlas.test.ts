import { describe, expect, it } from 'vitest'
import { atlasPage } from '../../scripts/lib/atlas/atlas-page'
import type { AtlasData } from '../../scripts/lib/atlas/atlas-data'
import { machineSvg } from '../../scripts/lib/atlas/diagram'
import { diagramParts } from '../../scripts/lib/diagram-view'
import { machineReport } from '../../scripts/lib/machine-doc'
import { rootSource } from '../../scripts/lib/machine-graph'
import { rewardEntry } from './fixtures/reward.machine'
import { registered } from './support/registered'

const reports = [machineReport(rewardEntry), machineReport(registered('session'))]

function dataOf(html: string): AtlasData {
  const json = /<script type="application\/json" id="atlas-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1]
  return JSON.parse(json ?? '') as AtlasData
}

/** A machine's diagrams in the page: each view's heading (none when drawn whole) and its SVG. */
function viewsOf(html: string, machine: string): Array<{ heading: string; svg: string }> {
  const start = html.indexOf(`<div class="diagram-frame" data-machine="${machine}"`)
  const frame = html.slice(start, html.indexOf('\n</div>', start))
  return frame
    .split('<section class="diagram-view"')
    .filter((view) => view.includes('<svg'))
    .map((view) => ({
      heading: /<h3[^>]*>([^<]*)<\/h3>/.exec(view)?.[1] ?? '',
      svg: view.slice(view.indexOf('<svg'), view.indexOf('</svg>')),
    }))
}

/** The states a diagram draws whole (not as a dashed box for a state drawn elsewhere). */
function ownStates(svg: string): string[] {
  return [...svg.matchAll(/<g class="state ([^"]*)" data-state="([^"]*)"/g)]
    .filter(([, classes]) => !classes?.split(' ').includes('outside'))
    .map(([, , id]) => id ?? '')
}

const widthOf = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1])

/** The narrow SVG (a phone's layout) of the view under a heading of an atlas page. */
function narrowOf(html: string, heading: string): string {
  const view = html.lastIndexOf('<section class="diagram-view"', html.indexOf(`>${heading}<`))
  const from = html.indexOf('<svg xmlns="http://www.w3.org/2000/svg" class="diagram narrow"', view)
  return html.slice(from, html.indexOf('</svg>', from))
}

type Rect = { x: number; y: number; width: number; height: number }

/** The rectangles drawn in an SVG for a kind: `label` (an arrow's label) or `state` (a box). */
function rectsOf(svg: string, kind: 'label' | 'state'): Rect[] {
  const pattern =
    kind === 'label'
      ? /<rect class="label" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g
      : /<g class="state [^"]*"[^>]*>\n<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g
  return [...svg.matchAll(pattern)].map(([, x, y, width, height]) => ({
    x: Number(x),
    y: Number(y),
    width: Number(width),
    height: Number(height),
  }))
}

/** Whether two rectangles share rows of pixels (one beside, over or on the other). */
const shareRows = (a: Rect, b: Rect) => a.y < b.y + b.height && b.y < a.y + a.height

/** Each arrow's path (an overview's unlabelled ones too): its first and last points. */
function arrowEnds(svg: string): Array<{ from: number; to: number }> {
  return [
    ...svg.matchAll(
      /<path class="(?:line|initial-arrow collapsed)[^"]*"(?: data-transitions="[^"]*")? d="([^"]+)"/g,
    ),
  ].map(([, d]) => {
    const ys = [...(d ?? '').matchAll(/[ML][\d.]+ ([\d.]+)/g)].map(([, y]) => Number(y))
    return { from: ys[0] ?? 0, to: ys.at(-1) ?? 0 }
  })
}

describe('the atlas page', () => {
  it('is the same page for the same machines, so the docs check can hold it', async () => {
    expect(await atlasPage(reports, [], [])).toBe(await atlasPage(reports, [], []))
  })

  it('needs nothing from the network: no external script, style, image or font', async () => {
    const html = await atlasPage(reports, [], [])
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/)
    expect(html).not.toMatch(/url\(\s*['"]?https?:/)
    for (const url of html.match(/https?:\/\/[^\s"'<)]+/g) ?? []) {
      expect(url).toBe('http://www.w3.org/2000/svg')
    }
  })

  it('draws every state and transition of each machine as something to click', async () => {
    const html = await atlasPage(reports, [], [])
    for (const { model } of reports) {
      for (const state of model.states) expect(html).toContain(`data-state="${state.id}"`)
      model.transitions.forEach((transition, index) => {
        if (transition.source === rootSource) return
        expect(html).toContain(`data-transition="${index}"`)
      })
    }
    expect(html).toMatch(
      /<g class="transition arrow money" data-transition="1" tabindex="0" role="button" aria-label="Transition claimReward answers \/ balance\.changed \+gems, from claiming to claimed">/,
    )
  })

  it("writes the player's words on the arrows and in the data, by the state they are pressed in", async () => {
    const html = await atlasPage([machineReport(registered('coupon'))], [], [])
    expect(html).toContain(
      'aria-label="Transition coupon.buy «COMPRAR CUPÓN», from none to confirming"',
    )
    expect(html).toContain(
      'aria-label="Transition coupon.buy «COMPRAR OTRO CUPÓN», from claimed to confirming"',
    )
    expect(html).toContain('<tspan class="words"')
    const coupon = dataOf(html).machines.find((machine) => machine.id === 'coupon')
    const again = coupon?.transitions.find(
      (transition) => transition.source === 'expired' && transition.label === 'coupon.buy',
    )
    expect(again?.words).toBe('COMPRAR OTRO CUPÓN')
    // A machine without words keeps the plain labels.
    expect(await atlasPage([machineReport(rewardEntry)], [], [])).not.toContain('class="words"')
  })

  it('carries each path step by step and which tests take each transition', async () => {
    const data = dataOf(await atlasPage(reports, [], []))
    const reward = data.machines.find((machine) => machine.id === 'reward')
    const cover = reward?.paths.filter((path) => path.strategy === 'cover') ?? []
    expect(cover.length).toBeGreaterThan(0)
    const paid = reward?.transitions.find((transition) =>
      transition.label.startsWith('claimReward answers'),
    )
    expect(paid).toMatchObject({
      money: [{ currency: 'gems', direction: 'in', endpoint: 'POST /api/mission/claim' }],
      effects: ['balance.changed'],
      requirements: ['REQ-REWARD-2'],
    })
    expect(paid?.tests.length).toBeGreaterThan(0)
    expect(reward?.testFile).toBe('tests/machines/reward.test.ts')
    // The first step is the start: no transition taken, the initial state active.
    expect(cover[0]?.steps?.[0]).toEqual([[], [0]])
  })

  it('draws a machine its samples split into parts as the Markdown does: an overview linking to one diagram per part', async () => {
    const report = machineReport(registered('coupon'))
    const html = await atlasPage([report], [], [])
    const views = viewsOf(html, 'coupon')
    const parts = diagramParts(report.entry)
    expect(views.map((view) => view.heading)).toEqual([
      'Overview',
      ...parts.map((part) => `Part: ${part.title}`),
    ])
    const [overview, ...drawn] = views
    // Each part is one box of the overview, which leads to the part's diagram.
    expect(overview?.svg).toContain(
      '<g class="state part" data-part="0" data-holds="none confirming" tabindex="0" role="button" aria-label="Part choosing: none, confirming. Go to its diagram">',
    )
    expect(html).toContain('<a href="#coupon" data-goto-part="3">claiming</a>: claimable, claiming')
    // Every state is drawn whole once: in its part's diagram, or in the overview if in none.
    const inPart = (state: string, index: number) =>
      parts[index]?.nodes.some((node) => node.path.join('.') === state.split('.')[0]) ?? false
    for (const state of report.model.states) {
      const drawnIn = views.flatMap((view, index) =>
        ownStates(view.svg).includes(state.id) ? [index] : [],
      )
      const part = parts.findIndex((_, index) => inPart(state.id, index))
      expect({ state: state.id, drawnIn }).toEqual({ state: state.id, drawnIn: [part + 1] })
    }
    // A part draws the states its arrows reach in other parts as dashed boxes, named by where
    // they are drawn whole; the overview's arrows to a part's box carry no label.
    expect(drawn[0]?.svg).toContain(
      '<g class="state outside" data-state="claimed" tabindex="0" role="button" aria-label="State claimed, drawn in part claiming">',
    )
    expect(drawn[3]?.svg).toMatch(/aria-label="State tracking, drawn in part activating"/)
    expect(drawn[3]?.svg).toMatch(/aria-label="State loading, drawn in the overview"/)
    expect(overview?.svg).toMatch(/<path class="initial-arrow collapsed" data-transitions="[\d ]+"/)
    // Each diagram is narrower than the machine drawn whole, which a phone drew at 10 px text
    // only by scrolling 2,600 px sideways.
    const whole = widthOf(await machineSvg(report.entry, report.model, { kind: 'whole' }, ''))
    for (const view of views) expect(widthOf(view.svg)).toBeLessThan(whole * 0.7)
  })

  it('draws the transitions between one pair of states as one arrow, each label its own button, as the Markdown does', async () => {
    const report = machineReport(registered('coupon'))
    const activating = viewsOf(await atlasPage([report], [], []), 'coupon').find(
      (view) => view.heading === 'Part: activating',
    )
    const shared = [
      ...(activating?.svg.matchAll(/<path class="line shared" data-transitions="([\d ]+)"/g) ?? []),
    ].map((match) => (match[1] ?? '').split(' ').map(Number))
    const back = shared.find((members) =>
      members.every((index) => report.model.transitions[index]?.source === 'tracking'),
    )
    expect(back?.map((index) => report.model.transitions[index]?.event)).toEqual([
      'trackCoupon answers',
      'trackCoupon fails',
    ])
    for (const index of back ?? []) {
      expect(activating?.svg).toMatch(
        new RegExp(
          `<g class="transition arrow" data-transition="${index}" tabindex="0" role="button" aria-label="Transition trackCoupon [^"]*, from tracking to active">`,
        ),
      )
    }
    // Nine labels side by side made this part 1,789 px wide; stacked on shared arrows, 874.
    expect(widthOf(activating?.svg ?? '')).toBeLessThan(1000)
  })

  it('draws a machine without parts whole, in one diagram', async () => {
    const views = viewsOf(await atlasPage([machineReport(rewardEntry)], [], []), 'reward')
    expect(views).toHaveLength(1)
    expect(views[0]?.heading).toBe('')
  })

  it("lays a phone's narrow diagram out with its arrows close, so mine's overview fits a 390 px phone", async () => {
    const page = await atlasPage([machineReport(registered('mine'))], [], [])
    const start = page.indexOf('<svg xmlns="http://www.w3.org/2000/svg" class="diagram narrow"')
    const narrow = page.slice(start, page.indexOf('</svg>', start))
    // The phone's frame is 360 px wide and text is drawn at 10 px or more (12 px at 10/12): 432
    // px of diagram. At the wide layout's spacing, the overview drawn narrow was 449 px.
    expect(widthOf(narrow)).toBeLessThanOrEqual(432)
  })

  it("lays each arrow's label in a row of its own on a phone, so session's submitting part fits a 390 px phone", async () => {
    const report = machineReport(registered('session'))
    const narrow = narrowOf(await atlasPage([report], [], []), 'Part: logging in: submitting')
    // Labelled by ELK, each answer's label stood beside the box above the state it leads to:
    // 480 px wide.
    expect(widthOf(narrow)).toBeLessThanOrEqual(300)
    const states = rectsOf(narrow, 'state')
    const labels = rectsOf(narrow, 'label')
    expect(labels.length).toBeGreaterThan(5)
    expect(labels.filter((label) => states.some((state) => shareRows(label, state)))).toEqual([])
    // invalidCredentials and networkError, led to and leading back, are drawn twice, dashed.
    const drawnAs = (state: string) =>
      narrow.match(new RegExp(`<g class="state outside" data-state="${state}"`, 'g'))?.length
    expect(drawnAs('anonymous.invalidCredentials')).toBe(2)
    expect(drawnAs('anonymous.networkError')).toBe(2)
    expect(drawnAs('anonymous.idle')).toBe(1)
  })

  it("runs every arrow down on a phone, an arrow back ending on a dashed box, so music-link's linking part fits a 390 px phone", async () => {
    const report = machineReport(registered('music-link'))
    const narrow = narrowOf(await atlasPage([report], [], []), 'Part: linking')
    // Back up round the column, with their labels beside the boxes, 491 px wide.
    expect(widthOf(narrow)).toBeLessThanOrEqual(340)
    const ends = arrowEnds(narrow)
    expect(ends.length).toBeGreaterThan(5)
    // Inside unlinked, whose arrows stay in its box, email.submit still goes up to savingEmail.
    expect(ends.filter(({ from, to }) => to < from)).toHaveLength(1)
    // startLink fails leads from linking back to unlinked's ready: a dashed box below linking.
    expect(narrow).toMatch(/<g class="state outside" data-state="section\.unlinked\.ready"/)
    for (const [machine, heading] of [
      ['social-account', 'Part: checking'],
      ['lottery-entry', 'Part: drawing'],
    ] as const) {
      const page = await atlasPage([machineReport(registered(machine))], [], [])
      // Labelled by ELK, side by side above one state, the labels made these 766 and 519 px.
      expect(widthOf(narrowOf(page, heading))).toBeLessThanOrEqual(348)
    }
  })

  it("lays a phone's overview out from the machine's first state down", async () => {
    const narrow = narrowOf(
      await atlasPage([machineReport(registered('coupon'))], [], []),
      'Overview',
    )
    // Its arrows given to ELK backwards and broken in the machine's order, coupon's overview
    // stood on its head: the initial dot at the bottom, loading above it.
    const dot = Number(/<circle class="initial" cx="[\d.]+" cy="([\d.]+)"/.exec(narrow)?.[1])
    const loading = Number(
      /<g class="state leaf" data-state="loading"[^>]*>\n<rect x="[\d.]+" y="([\d.]+)"/.exec(
        narrow,
      )?.[1],
    )
    expect(dot).toBeLessThan(loading)
    const ends = arrowEnds(narrow)
    expect(ends.filter(({ from, to }) => to > from).length).toBeGreaterThan(
      ends.filter(({ from, to }) => to < from).length,
    )
  })

  it("writes a transition into its own state with the state's key, so training's playing part fits a 390 px phone", async () => {
    const narrow = narrowOf(
      await atlasPage([machineReport(registered('training'))], [], []),
      'Part: playing',
    )
    // With the full path ("→ playing.reading") reading's rows made the part 480 px wide; on one
    // line each, 435 px, its text drawn at 10 px on a phone. Laid out narrow, a row is broken into
    // lines of at most 28 characters, the arrow kept with the state it leads to.
    expect(narrow).toMatch(
      />section\.previous<\/tspan><tspan [^>]*> {2}\[hasPreviousSection\]<\/tspan><tspan [^>]*> {2}→ reading</,
    )
    expect(narrow).not.toContain('→ playing.reading<')
    expect(widthOf(narrow)).toBeLessThanOrEqual(400)
    // Wide, a row stays one line.
    const page = await atlasPage([machineReport(registered('training'))], [], [])
    expect(page).toContain('>section.previous [hasPreviousSection] → reading<')
  })

  it("lists a part's states on short lines in a phone's overview, so social-account's fits a 390 px phone", async () => {
    const report = machineReport(registered('social-account'))
    const narrow = narrowOf(await atlasPage([report], [], []), 'Overview')
    // On one line, "pendingToCheck, refreshing, verified, rejected" made the overview 539 px wide.
    expect(narrow).toMatch(/<text class="holds" [^>]*>refreshing, verified,<\/text>/)
    expect(widthOf(narrow)).toBeLessThanOrEqual(432)
  })

  it("writes a part's states in its overview box once: under a title of its own, or as the title", async () => {
    const views = viewsOf(await atlasPage([machineReport(registered('mine'))], [], []), 'mine')
    const overview = views[0]?.svg ?? ''
    const box = (part: number) =>
      overview.slice(
        overview.indexOf(`data-part="${part}"`),
        overview.indexOf('</g>', overview.indexOf(`data-part="${part}"`)),
      )
    expect(box(3)).toMatch(/>loading the mine<\/text>\n<text class="holds" [^>]*>loading, failed</)
    // bonus's box read "bonus" twice.
    expect(box(2)).toMatch(/>bonus<\/text>/)
    expect(box(2)).not.toContain('class="holds"')
  })

  it("writes an arrow's effects one a line, as the Markdown does", async () => {
    const page = await atlasPage([machineReport(registered('coupon'))], [], [])
    // On one line, `/ balances.changed, toast.show` was among an arrow's widest lines: three
    // more diagrams scrolled sideways on a phone.
    expect(page).toMatch(
      /<tspan class="effect" [^>]*>\/ balances\.changed,<\/tspan> <tspan class="effect" [^>]*>toast\.show<\/tspan>/,
    )
  })
})
