import { describe, expect, it } from 'vitest'
import { atlasPage } from '../../scripts/lib/atlas/atlas-page'
import type { AtlasData } from '../../scripts/lib/atlas/atlas-data'
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
})
