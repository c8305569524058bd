import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index'
import { modelOf } from '../../scripts/lib/coverage'
import { diagramParts, isFanOut, type ViewArrow } from '../../scripts/lib/diagram-view'
import { machinePage, machineReport } from '../../scripts/lib/machine-doc'
import { mermaidDiagram, mermaidOverview, mermaidPart } from '../../scripts/lib/mermaid'
import { playerWordsOf } from '../../scripts/lib/player-words'
import { projectRequirements } from '../../scripts/lib/requirements'
import { rewardEntry } from './fixtures/reward.machine'
import { registered } from './support/registered'
import { root } from './support/run-script'

describe('docs/machines pages', () => {
  it('number the steps of a cover path past 9 under their path, not as new paths', () => {
    const page = machinePage(machineReport(registered('social-account')), projectRequirements())
    const lines = page.split('\n')
    const headings = lines.flatMap((line, index) =>
      /^\d+\. \*\*Cover path \d+\*\*/.test(line) ? [index] : [],
    )
    // The steps of each cover path: the numbered lines up to the next path.
    const paths = headings.map((start, index) =>
      lines
        .slice(start + 1, headings[index + 1] ?? lines.length)
        .filter((line) => /^\s+\d+\. /.test(line)),
    )
    const long = paths.find((steps) => steps.length >= 10)
    expect(long).toBeDefined()
    const steps = long ?? []
    const marker = lines[headings[paths.indexOf(steps)] ?? 0]?.indexOf('**') ?? 0
    // Nested under "5. ", every step is indented by the marker's width: 3 spaces.
    expect(marker).toBe(3)
    expect(steps.every((line) => line.startsWith('   ') && !line.startsWith('    '))).toBe(true)
    expect(steps[9]).toMatch(/^ {3}10\. \*\*/)
  })

  it('list what a machine causes outside itself and where', () => {
    const page = machinePage(machineReport(registered('session')), projectRequirements())
    expect(page).toContain('## Effects outside the machine')
    const row = page.split('\n').find((line) => line.startsWith('| `toast.show`'))
    expect(row?.replace(/^\| `toast\.show` +\| | +\|$/g, '').split('<br>')).toEqual([
      'session.expired, `authenticated` → `anonymous`',
      'logOut fails [hasAgreedTerms], `authenticated.loggingOut` → `authenticated.ready`',
      'logOut fails, `authenticated.loggingOut` → `authenticated.termsPending`',
    ])
    // Drawn in parts, loggedOut lies outside the part; both ways out are one arrow's label.
    expect(page).toContain(
      's_authenticated__loggingOut --> o_loggedOut : logOut answers<br>/ app.reload<br>logOut fails<br>[isUnauthorized]<br>/ app.reload',
    )
  })

  it('mark the transitions that move money, with the currency, the direction and the call', () => {
    const page = machinePage(machineReport(rewardEntry), [])
    expect(page).toContain('- **Money:** 1 transition moves money (+gems); see the Money column.')
    expect(page).toMatch(
      /\| claimReward answers +\| `claiming` → `claimed` .*\| `balance\.changed` +\| \+gems \(`POST \/api\/mission\/claim`\) \| REQ-REWARD-2 +\|/,
    )
    expect(page).toContain(
      's_claiming --> s_claimed : claimReward answers<br>/ balance.changed,<br>+gems',
    )
  })

  // Straight arrows: Mermaid moves the label of a curved arrow halfway along it, off the room
  // its layout made, and the labels of two arrows between the same boxes overlapped (mine's
  // full and mining, 37 of 101 diagrams).
  it('draw every diagram at its own size, with straight arrows, so its text is as readable on a phone as on a desktop', () => {
    const page = machinePage(machineReport(registered('ui')), projectRequirements())
    const diagrams = page.split('```mermaid\n').slice(1)
    expect(diagrams.length).toBeGreaterThan(0)
    for (const diagram of diagrams) {
      expect(diagram).toMatch(
        /^---\nconfig:\n {2}flowchart:\n {4}curve: linear\n {2}state:\n {4}useMaxWidth: false\n---\nstateDiagram-v2\n/,
      )
    }
  })

  it('draw nested and parallel states as such', () => {
    const page = machinePage(machineReport(rewardEntry), [])
    expect(page).toContain('  state "claimed" as s_claimed {')
    expect(page).toMatch(
      /state "banner" as s_claimed__banner \{[\s\S]*\n {4}--\n {4}state "sharing"/,
    )
  })

  it('draw a machine its samples split into parts as an overview linking to one diagram per part', () => {
    const page = machinePage(machineReport(registered('coupon')), projectRequirements())
    const diagrams = page.split('```mermaid').slice(1)
    expect(diagrams).toHaveLength(6)
    const [overview = '', choosing = ''] = diagrams
    // The overview: each part one box listing its states, arrows to it without labels.
    expect(overview).toContain('  state "choosing" as p_0\n  p_0 : none, confirming')
    // A long list on lines as narrow as the labels': on one, the overview was 929 px wide.
    expect(overview).toContain('  p_2 : pending,<br>activating, active,<br>tracking')
    expect(overview).toContain('  p_4 --> p_0\n')
    expect(overview).toContain('  s_loading --> s_failed : loadCoupon fails')
    expect(page).toContain('- [choosing](#part-choosing): `none`, `confirming`\n')
    expect(page).toContain('### Part: choosing')
    // A part: its states in full, the states of others dashed, every arrow labelled in lines.
    expect(choosing).toContain('s_none --> s_confirming : coupon.buy')
    expect(choosing).toContain('o_claimed --> s_confirming : coupon.buy')
    expect(choosing).toContain(
      's_confirming --> o_claimed : coupon.cancel<br>«CANCELAR»<br>[wasClaimed]',
    )
    expect(choosing).toMatch(/class [^\n]*o_claimed[^\n]* outside/)
    expect(choosing).not.toContain('s_pending')
  })

  it("write a simple state's transitions to itself in its box, not as a loop", () => {
    const page = machinePage(machineReport(registered('reactivation')), projectRequirements())
    // Drawn as a loop just below required, code.change's label lay over code.submit's
    // [isWellFormedCode], on its arrow to submitting.
    expect(page).toContain('  s_required : ↻ code.change\n  s_required : ↻ code.submit\n')
    expect(page).not.toContain('s_required --> s_required')
  })

  it('draw a part made of one compound state unwrapped, with a box for any of its states', () => {
    const page = machinePage(machineReport(registered('mine')), projectRequirements())
    const partOf = (title: string) => page.split(`### Part: ${title}`)[1]?.split('```')[1] ?? ''
    const bonus = partOf('bonus')
    expect(bonus).toContain('state "any state of bonus" as a_ready__bonus')
    expect(bonus).toContain('[*] --> s_ready__bonus__idle')
    expect(bonus).not.toContain('{')
    // A dashed box's long path is broken after a dot, the lines as narrow as the labels'.
    expect(partOf('backpack: mining')).toContain(
      'state "ready.backpack.<br>full" as o_ready__backpack__full',
    )
    expect(page).toContain('state "backpack full,<br>collecting" as p_1')
  })

  it('part the labels of arrows both ways between a composite and a box declared after it', () => {
    const page = machinePage(machineReport(registered('video-mission')), projectRequirements())
    const watching = page.split('### Part: watching')[1]?.split('```')[1] ?? ''
    // Both cut at playing's border beside restarting, Mermaid drew video.restart's label on
    // restartVideo answers'.
    expect(watching).toContain(
      '  state "playing" as s_playing {\n    state "any state of playing" as a_playing\n',
    )
    expect(watching).toContain('a_playing --> s_restarting : video.restart<br>«REINICIAR»')
    expect(watching).toContain('s_restarting --> s_playing__watching : restartVideo answers')
    expect(watching).toMatch(/class [^\n]*a_playing[^\n]* part/)
    expect(watching).not.toContain('s_playing --> s_restarting')
    // Declared before busy, idle is drawn above it and the two arrows keep the composite's box.
    const loadingBar = machinePage(machineReport(registered('loading-bar')), projectRequirements())
    expect(loadingBar).toContain('s_idle --> s_busy : request.start')
    expect(loadingBar).toContain('s_busy --> s_idle : request.end<br>[isLastRequest]')
    expect(loadingBar).not.toContain('any state of busy')
  })

  it("draw a compound state's arrows where its parts are drawn, when its children are parts", () => {
    const page = machinePage(machineReport(registered('mine')), projectRequirements())
    const partOf = (title: string) => page.split(`### Part: ${title}`)[1]?.split('```')[1] ?? ''
    // mining's own states are a part; mining's arrows to full, with their labels, stand in the
    // part they reach (as one box for any of mining's states, the part was 1,027 px wide).
    expect(partOf('backpack: mining')).not.toContain('a_ready__backpack__mining')
    expect(partOf('backpack: full, collecting')).toContain(
      'o_ready__backpack__mining --> s_ready__backpack__full : mine.sync<br>[isFull]',
    )
  })

  it("write a part's states in its overview box once: under a title of its own, or as the title", () => {
    const page = machinePage(machineReport(registered('mine')), projectRequirements())
    const overview = page.split('```mermaid')[1] ?? ''
    // Titled by its state list, loading and failed's box read "loading, failed" twice.
    expect(overview).toContain('state "loading the mine" as p_3\n  p_3 : loading, failed\n')
    // A part titled by its one state writes it once (bonus's box read "bonus" twice).
    expect(overview).toContain('state "bonus" as p_2\n')
    expect(overview).not.toMatch(/p_2 : /)
  })

  it("declare an overview's arrow from a part's box inside a composite at the top level", () => {
    const page = machinePage(machineReport(registered('mine')), projectRequirements())
    const overview = page.split('```mermaid')[1] ?? ''
    // mining's states (p_0) lie in mining, inside backpack: declared in backpack's block, the
    // arrow made Mermaid draw their box outside mining, beside an empty mining box.
    expect(overview).toContain(
      '      state "mining" as s_ready__backpack__mining {\n        [*] --> p_0',
    )
    expect(overview).toMatch(/\n {2}p_0 --> p_1\n/)
    // An arrow between two boxes of one block stays in it.
    expect(overview).toContain('\n      p_1 --> s_ready__backpack__mining\n')
  })

  it('declare an arrow inside a composite only between boxes declared in that composite', () => {
    // Mermaid cannot draw "transitions between internal states belonging to different composite
    // states": live's arrows from backingOff and offline (in active) to connecting and
    // reconnecting (in streaming) made it draw both outside the streaming box. Declared at the
    // top level, such an arrow keeps its ends in their boxes (the overviews' and parts' arrows).
    const misplaced = machines.flatMap((entry) => {
      const model = modelOf(entry.machine)
      const parts = diagramParts(entry)
      const diagrams =
        parts.length === 0
          ? [mermaidDiagram(entry, model)]
          : [
              mermaidOverview(entry, model, parts),
              ...parts.map((part) => mermaidPart(entry, model, part)),
            ]
      return diagrams.flatMap((diagram) => {
        const declaredIn = new Map<string, string>()
        const blocks = ['']
        const arrows: Array<{ block: string; ends: string[]; line: string }> = []
        for (const line of diagram.split('\n').map((text) => text.trim())) {
          const state = /^state "[^"]*" as (\S+)( \{)?$/.exec(line)
          if (state?.[1]) {
            declaredIn.set(state[1], blocks.at(-1) ?? '')
            if (state[2]) blocks.push(state[1])
          } else if (line === '}') blocks.pop()
          const arrow = /^(\S+) --> (\S+)/.exec(line)
          if (arrow?.[1] && arrow[2]) {
            arrows.push({ block: blocks.at(-1) ?? '', ends: [arrow[1], arrow[2]], line })
          }
        }
        return arrows
          .filter(
            ({ block, ends }) =>
              block !== '' &&
              ends.some(
                (end) => declaredIn.get(end) !== undefined && declaredIn.get(end) !== block,
              ),
          )
          .map(({ line }) => `${entry.id}: ${line}`)
      })
    })
    expect(misplaced).toEqual([])
  })

  it('draw a part whose state fans out to five others, each leading only back, left to right', () => {
    const diagramOf = (id: string, part: string) =>
      machinePage(machineReport(registered(id)), projectRequirements())
        .split(`### Part: ${part}`)[1]
        ?.split('```')[1] ?? ''
    // checkingAccess leads to six boxes, two of which lead back to it: 1,187 px wide drawn down.
    expect(diagramOf('music-link', 'access')).toContain('stateDiagram-v2\n  direction LR\n')
    // buying leads to five boxes, each leading only back: 712 px across, 981 px down.
    expect(diagramOf('trading-offer', 'buying')).toContain('stateDiagram-v2\n  direction LR\n')
  })

  it('draw a fan-out down where it has fewer than five boxes or its boxes lead on', () => {
    // Only the ends' ids count: a hub and its boxes, by the arrows between them.
    const arrows = (pairs: [string, string][]) =>
      pairs.map(([from, to]) => ({ from: { id: from }, to: { id: to } }) as ViewArrow)
    const fan = (size: number) =>
      Array.from({ length: size }, (_, index): [string, string] => ['hub', `end${index}`])
    expect(isFanOut(arrows([...fan(5), ['end0', 'hub']]))).toBe(true)
    // Four boxes: drawn across, mission-tile's checking grew from 560 to 953 px.
    expect(isFanOut(arrows(fan(4)))).toBe(false)
    // A box leading on makes a column per step across.
    expect(isFanOut(arrows([...fan(5), ['end0', 'next']]))).toBe(false)
  })

  it("show on each arrow the player's words: the button, or what the answer shows", () => {
    const coupon = machinePage(machineReport(registered('coupon')), projectRequirements())
    expect(coupon).toContain('Arrows read `event «words» [guard] / effects`')
    expect(coupon).toContain('s_none --> s_confirming : coupon.buy<br>«COMPRAR CUPÓN»')
    // The same button reads otherwise after a coupon: the words of its source state.
    expect(coupon).toContain('o_claimed --> s_confirming : coupon.buy<br>«COMPRAR OTRO CUPÓN»')
    // A server message's first sentence, on lines as narrow as the event's; one effect a line.
    expect(coupon).toContain(
      's_buying --> o_pending : buyCoupon answers<br>«¡Compraste un<br>cupón exprés! …»<br>/ balances.changed,<br>toast.show,<br>−terydollars',
    )
    const trading = machinePage(machineReport(registered('trading-offer')), projectRequirements())
    expect(trading).toContain(
      's_buying --> o_failed__gone : buyOffer fails<br>«La oferta ya no<br>está disponible»<br>[isOfferGone]<br>/ offers.changed',
    )
    // A machine without words keeps the plain labels.
    const signup = machinePage(machineReport(registered('signup')), projectRequirements())
    expect(signup).toContain('Arrows read `event [guard] / effects`')
    expect(signup).not.toContain('«')
  })

  it('refuse player words written for a transition the machine does not have', () => {
    const { model } = machineReport(registered('coupon'))
    const others = model.transitions.filter((transition) => transition.event !== 'coupon.buy')
    expect(() => playerWordsOf('coupon', others)).toThrow(
      'coupon: player words for no transition: coupon.buy',
    )
    const noClaimed = model.transitions.filter((transition) => transition.source !== 'claimed')
    expect(() => playerWordsOf('coupon', noClaimed)).toThrow(
      'coupon: player words for no transition: claimed: coupon.buy',
    )
  })

  // 439 lines since the refusal of a confirmed code is a sample: cover paths then edit the code
  // after it (22 cover paths to 46), which is what kills two of signup's mutants. Counted from
  // its heading: the diagram, drawn in parts since, is not what this bounds.
  it("keep signup's cover paths under 460 lines: its cover paths, not every combination, in one tight list", async () => {
    const page = await readFile(path.join(root, 'docs/machines/signup.md'), 'utf8')
    const coverPaths = page.slice(page.indexOf('## Cover paths'))
    expect(coverPaths.split('\n').length).toBeLessThan(460)
    expect(page).toContain('## Cover paths')
    expect(page).not.toContain('## Shortest paths')
  })
})
