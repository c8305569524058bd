/**
 * The machine atlas's script, inlined into docs/atlas/index.html (no network, no server): picks
 * a machine from the URL's hash, steps through a generated path on its diagram, and explains the
 * state or transition the reviewer clicks. Plain DOM, no dependencies.
 */
import type { AtlasData, AtlasMachine, AtlasPath, IndexRanges } from './atlas-data'

const data = JSON.parse(document.getElementById('atlas-data')?.textContent ?? '{}') as AtlasData

/** Each path's test name, `cover path 3`: numbered within its strategy, in order. */
const labels = new Map<AtlasPath, string>()
for (const machine of data.machines) {
  const counts = new Map<string, number>()
  for (const path of machine.paths) {
    const number = (counts.get(path.strategy) ?? 0) + 1
    counts.set(path.strategy, number)
    labels.set(path, `${path.strategy} path ${number}`)
  }
}

function labelOf(path: AtlasPath): string {
  return labels.get(path) ?? ''
}

function expand(ranges: IndexRanges): number[] {
  return ranges.flatMap((run) => {
    if (typeof run === 'number') return [run]
    const [first, last] = run
    return Array.from({ length: last - first + 1 }, (_, offset) => first + offset)
  })
}

type Steps = Array<[number[], number[]]>

/** The path select's value for the simulation: the reviewer sends the events. */
const SIMULATE = -2

const view = {
  machine: null as AtlasMachine | null,
  path: -1,
  step: 0,
  /** While simulating: the graph states walked through and the steps they make. */
  walk: { states: [0], steps: [] as Steps },
}

/** The steps on show: the chosen path's, or the simulation's walk. */
function currentSteps(): Steps | null {
  if (view.path === SIMULATE) return view.walk.steps
  return view.machine?.paths[view.path]?.steps ?? null
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id)
  if (!found) throw new Error(`#${id} is missing from the atlas`)
  return found as T
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function button(text: string, onClick: () => void, className?: string): HTMLButtonElement {
  const node = make('button', text, className)
  node.type = 'button'
  node.addEventListener('click', onClick)
  return node
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

function ratio([covered, total]: [number, number]): string {
  return total === 0 ? 'none' : `${covered}/${total}`
}

function moneyText(mark: { currency: string; direction: string; endpoint: string }): string {
  const way = mark.direction === 'in' ? 'to the player' : 'from the player'
  return `${mark.direction === 'in' ? '+' : '−'}${mark.currency} (${way}) through ${mark.endpoint}`
}

function frames(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.diagram-frame')]
}

function currentFrame(): HTMLElement | null {
  return frames().find((frame) => !frame.hidden) ?? null
}

/** Scrolls the diagram, and only the diagram, so the node is in view. */
function reveal(node: Element): void {
  const container = element('diagrams')
  const box = node.getBoundingClientRect()
  const frame = container.getBoundingClientRect()
  if (box.top < frame.top || box.bottom > frame.bottom) {
    container.scrollTop += box.top - frame.top - frame.height / 3
  }
  if (box.left < frame.left || box.right > frame.right) {
    container.scrollLeft += box.left - frame.left - frame.width / 3
  }
}

/** The active leaf states and every state holding them: `a.b` is active with `a.b.c`. */
function activeStates(machine: AtlasMachine, leaves: number[]): string[] {
  const ids = new Set<string>()
  for (const leaf of leaves) {
    const parts = (machine.states[leaf]?.id ?? '').split('.')
    parts.forEach((_, index) => ids.add(parts.slice(0, index + 1).join('.')))
  }
  return [...ids]
}

/**
 * The diagram to show for the current step: a machine drawn by part has several, and the one to
 * show draws a state the step lands in whole (not as a dashed box, nor inside its part's box in
 * the overview), with the step's labelled arrow if it can.
 */
function viewToReveal(frame: HTMLElement, leaves: string[]): Element | null {
  const views = [...frame.querySelectorAll('.diagram-view')]
  if (views.length === 0) return frame
  const lands = (view: Element) =>
    leaves.some((id) => view.querySelector(`[data-state="${CSS.escape(id)}"]:not(.outside)`))
  return (
    views.find((view) => view.querySelector('[data-transition].is-taken') && lands(view)) ??
    views.find(lands) ??
    null
  )
}

/**
 * Highlights the states active at the current step and the transitions taken up to it, in every
 * diagram that draws them: a part's, the dashed box standing for it in another part, and the
 * overview's box for its part.
 */
function paint(): void {
  const frame = currentFrame()
  const machine = view.machine
  if (!frame || !machine) return
  frame.querySelectorAll('.is-active, .is-taken, .was-taken').forEach((node) => {
    node.classList.remove('is-active', 'is-taken', 'was-taken')
  })
  const steps = currentSteps()
  if (!steps) return
  const mark = (selector: string, name: string) =>
    frame.querySelectorAll(selector).forEach((node) => node.classList.add(name))
  steps.slice(0, view.step + 1).forEach(([taken, leaves], index) => {
    const name = index === view.step ? 'is-taken' : 'was-taken'
    for (const transition of taken) {
      mark(`[data-transition="${transition}"], [data-transitions~="${transition}"]`, name)
    }
    if (index !== view.step) return
    for (const id of activeStates(machine, leaves)) {
      mark(`[data-state="${CSS.escape(id)}"], [data-holds~="${CSS.escape(id)}"]`, 'is-active')
    }
  })
  const leaves = (steps[view.step]?.[1] ?? []).map((leaf) => machine.states[leaf]?.id ?? '')
  const revealed = viewToReveal(frame, leaves)
  // A view laid out twice (wide, and narrow for a phone) shows one: scroll to the node in it.
  const shown = [...(revealed?.querySelectorAll('svg.diagram') ?? [])].find(
    (svg) => svg.getClientRects().length > 0,
  )
  // A taken arrow's label, not its whole line: laid out narrow, a line can run the height of
  // the frame, and its label stands just above the state the step lands in.
  const target =
    shown?.querySelector('[data-transition].is-taken > rect.label') ??
    shown?.querySelector('[data-transition].is-taken') ??
    leaves
      .map((id) => shown?.querySelector(`[data-state="${CSS.escape(id)}"]:not(.outside)`))
      .find(Boolean)
  if (target) reveal(target)
}

/** Shows a part's diagram: its heading at the top of the frame, focused. */
function goToPart(part: string): void {
  const heading = currentFrame()?.querySelector<HTMLElement>(
    `.diagram-view[data-part="${CSS.escape(part)}"] h3`,
  )
  if (!heading) return
  const container = element('diagrams')
  container.scrollTop += heading.getBoundingClientRect().top - container.getBoundingClientRect().top
  heading.focus({ preventScroll: true })
}

/**
 * A step in words: the transitions taken, then the states entered. In a machine of parallel
 * regions only the leaves that changed are named, so a step reads `menu.toggle → menu.open`.
 */
function stepText(machine: AtlasMachine, steps: Steps, index: number): string {
  const [taken, active] = steps[index] ?? [[], []]
  const leaves = active.map((state) => machine.states[state]?.id ?? '')
  if (index === 0) return `Start in ${leaves.join(', ')}`
  const previous = new Set(steps[index - 1]?.[1] ?? [])
  const entered = machine.parallel
    ? active.filter((state) => !previous.has(state)).map((state) => machine.states[state]?.id ?? '')
    : leaves
  const events = taken.map((transition) => machine.transitions[transition]?.label ?? '')
  return `${events.join(' + ')} → ${entered.length > 0 ? entered.join(', ') : 'no state changes'}`
}

function renderSteps(): void {
  const list = element<HTMLOListElement>('steps')
  const status = element('step-status')
  list.replaceChildren()
  const machine = view.machine
  const steps = currentSteps()
  for (const id of ['previous-step', 'next-step', 'first-step']) {
    element<HTMLButtonElement>(id).disabled = !steps
  }
  renderAccepted()
  if (!machine || !steps) {
    status.textContent =
      'Choose a path to follow it step by step on the diagram, or simulate to send the events yourself.'
    paint()
    return
  }
  steps.forEach((_, index) => {
    const item = make('li')
    const go = button(stepText(machine, steps, index), () => goTo(index))
    if (index === view.step) go.setAttribute('aria-current', 'step')
    item.append(go)
    list.append(item)
  })
  element<HTMLButtonElement>('previous-step').disabled = view.step === 0
  element<HTMLButtonElement>('first-step').disabled = view.step === 0
  element<HTMLButtonElement>('next-step').disabled = view.step === steps.length - 1
  status.textContent = `Step ${view.step + 1} of ${steps.length}: ${stepText(machine, steps, view.step)}`
  paint()
}

/**
 * While simulating, the events the machine accepts where it stands, each with its sample's
 * payload and where it leads: sending one drops the steps after this one, as a browser's history
 * does, and takes the new step.
 */
function renderAccepted(): void {
  const panel = element('accepted')
  const machine = view.machine
  panel.hidden = view.path !== SIMULATE || !machine
  panel.replaceChildren()
  if (panel.hidden || !machine) return
  const { events, states } = machine.simulation
  const here = view.walk.states[view.step] ?? 0
  const edges = states[here]?.[1] ?? []
  panel.append(make('h3', 'Events accepted here'))
  if (edges.length === 0) {
    panel.append(
      make('p', 'None: the machine stays here (a final state, or the end of the explored graph).'),
    )
    return
  }
  const list = make('ul', undefined, 'accepted-events')
  for (const [event, next, ...taken] of edges) {
    const [label, payload] = events[event ?? -1] ?? ['', '']
    const to = (states[next ?? -1]?.[0] ?? []).map((leaf) => machine.states[leaf]?.id ?? '')
    const send = button('', () => {
      if (next === undefined) return
      view.walk.states = [...view.walk.states.slice(0, view.step + 1), next]
      view.walk.steps = [
        ...view.walk.steps.slice(0, view.step + 1),
        [taken, states[next]?.[0] ?? []],
      ]
      goTo(view.step + 1)
    })
    send.append(make('strong', label))
    if (payload) send.append(' ', make('code', payload))
    send.append(make('span', ` → ${to.join(', ')}`, 'muted'))
    const item = make('li')
    item.append(send)
    list.append(item)
  }
  panel.append(list)
}

function simulate(): void {
  const start = view.machine?.simulation.states[0]
  view.walk = { states: [0], steps: [[[], start?.[0] ?? []]] }
}

function goTo(step: number): void {
  const steps = currentSteps()
  if (!steps) return
  view.step = Math.max(0, Math.min(step, steps.length - 1))
  renderSteps()
}

function choosePath(index: number, step = 0): void {
  view.path = index
  element<HTMLSelectElement>('path-select').value = String(index)
  view.step = 0
  if (index === SIMULATE) simulate()
  renderSteps()
  goTo(step)
}

function testList(
  machine: AtlasMachine,
  ranges: IndexRanges,
  find: (steps: Array<[number[], number[]]>) => number,
): HTMLElement {
  const wrapper = make('div')
  const tests = expand(ranges)
  if (tests.length === 0) {
    wrapper.append(make('p', 'No generated path test reaches it.', 'warning'))
    return wrapper
  }
  wrapper.append(make('p', `${plural(tests.length, 'test', 'tests')} in ${machine.testFile}:`))
  const list = make('ul', undefined, 'tests')
  const shown = 12
  for (const index of tests.slice(0, shown)) {
    const path = machine.paths[index]
    if (!path) continue
    const item = make('li')
    const { steps } = path
    // Simple paths are named, not drawn: the atlas follows cover and shortest paths.
    item.append(
      steps
        ? button(labelOf(path), () => choosePath(index, find(steps)))
        : make('span', labelOf(path)),
    )
    list.append(item)
  }
  wrapper.append(list)
  if (tests.length > shown) wrapper.append(make('p', `and ${tests.length - shown} more.`))
  return wrapper
}

function requirementList(ids: string[]): HTMLElement {
  if (ids.length === 0) return make('p', 'None cited.')
  const list = make('ul')
  for (const id of ids) {
    const requirement = data.requirements[id]
    const item = make('li')
    item.append(
      make('strong', id),
      ` ${requirement?.text ?? ''} `,
      make('span', requirement?.spec ?? '', 'muted'),
    )
    list.append(item)
  }
  return list
}

function section(title: string, ...content: Array<Node | string>): HTMLElement {
  const part = make('section')
  part.append(make('h3', title), ...content)
  return part
}

/** What opened the details column (a node of the diagram, a button): it gets the focus back. */
let opener: HTMLElement | SVGElement | null = null

/**
 * Shows a state's or a transition's details and moves the focus to their heading, so a keyboard
 * or screen reader user reads them where they open (below the diagram on a phone).
 */
function showDetails(title: string, parts: HTMLElement[], from?: Element): void {
  const aside = element('details')
  const focused = from ?? document.activeElement
  if (
    (focused instanceof HTMLElement || focused instanceof SVGElement) &&
    !aside.contains(focused)
  ) {
    opener = focused
  }
  element('details-title').textContent = title
  element('details-body').replaceChildren(...parts)
  aside.hidden = false
  element('details-title').focus()
}

/** Hides the details column, the diagram takes its room back, and focus returns to its opener. */
function closeDetails(): void {
  const aside = element('details')
  if (aside.hidden) return
  aside.hidden = true
  currentFrame()
    ?.querySelectorAll('.is-selected')
    .forEach((node) => node.classList.remove('is-selected'))
  const back = opener
  opener = null
  if (back?.isConnected) back.focus()
}

function selectNode(target: Element): void {
  const frame = currentFrame()
  frame?.querySelectorAll('.is-selected').forEach((node) => node.classList.remove('is-selected'))
  target.classList.add('is-selected')
  const machine = view.machine
  if (!machine) return
  const stateId = target.getAttribute('data-state')
  if (stateId !== null) {
    const state = machine.states.find((candidate) => candidate.id === stateId)
    if (state) showState(machine, state, target)
  } else {
    showTransition(machine, Number(target.getAttribute('data-transition')), target)
  }
  // The details column, shown, narrows the diagram and can move the node out of the frame.
  reveal(target)
}

function showState(
  machine: AtlasMachine,
  state: AtlasMachine['states'][number],
  from?: Element,
): void {
  const parts: HTMLElement[] = [
    make('p', state.description || 'No description.'),
    make('p', `Kind: ${state.kind}.`, 'muted'),
  ]
  if (state.invokes.length > 0) parts.push(section('Calls while active', state.invokes.join(', ')))
  if (state.effects.length > 0) {
    parts.push(
      section('Effects outside the machine', `Emits ${state.effects.join(', ')} on entry or exit.`),
    )
  }
  const requirements = section('Requirements', requirementList(state.requirements))
  // A state also serves what the states holding it cite: a modal's region, a flow's parent.
  for (const ancestor of activeStates(machine, [machine.states.indexOf(state)])) {
    const cited = machine.states.find((candidate) => candidate.id === ancestor)?.requirements ?? []
    if (ancestor === state.id || cited.length === 0) continue
    requirements.append(make('p', `Within ${ancestor}:`, 'muted'), requirementList(cited))
  }
  parts.push(requirements)
  parts.push(
    section(
      'Visited by',
      testList(machine, state.tests, (steps) =>
        steps.findIndex(([, leaves]) => activeStates(machine, leaves).includes(state.id)),
      ),
    ),
  )
  showDetails(`State ${state.id}`, parts, from)
}

function showTransition(machine: AtlasMachine, index: number, from?: Element): void {
  const transition = machine.transitions[index]
  if (!transition) return
  const to = transition.targets.length > 0 ? transition.targets.join(', ') : 'the same state'
  const parts: HTMLElement[] = [
    make('p', transition.description || 'No description.'),
    make('p', `From ${transition.source} to ${to}.`, 'muted'),
  ]
  if (transition.words) parts.push(section('The player reads', `«${transition.words}»`))
  if (transition.guard) parts.push(section('Guard', `Taken only when ${transition.guard} holds.`))
  if (transition.actions.length > 0) parts.push(section('Actions', transition.actions.join(', ')))
  if (transition.effects.length > 0) {
    parts.push(section('Effects outside the machine', `Emits ${transition.effects.join(', ')}.`))
  }
  if (transition.money.length > 0) {
    const list = make('ul', undefined, 'money-list')
    for (const mark of transition.money) list.append(make('li', moneyText(mark)))
    parts.push(section('Moves money', list))
  }
  parts.push(section('Requirements', requirementList(transition.requirements)))
  parts.push(
    section(
      'Taken by',
      testList(machine, transition.tests, (steps) =>
        steps.findIndex(([taken]) => taken.includes(index)),
      ),
    ),
  )
  showDetails(`Transition ${transition.label}`, parts, from)
}

function renderMachine(machine: AtlasMachine): void {
  view.machine = machine
  view.path = -1
  view.step = 0
  document.title = `${machine.id}: machine atlas`
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.machine-list a')) {
    if (link.hash === `#${machine.id}`) link.setAttribute('aria-current', 'page')
    else link.removeAttribute('aria-current')
  }
  for (const frame of frames()) frame.hidden = frame.dataset.machine !== machine.id
  narrowWhereTooWide()
  element('machine-title').textContent = machine.id
  element('machine-description').textContent = machine.description
  const moving = machine.transitions.flatMap((transition, index) =>
    transition.money.length > 0 ? [index] : [],
  )
  const facts = element('machine-facts')
  facts.replaceChildren(
    make(
      'li',
      `Generated path tests take ${ratio(machine.coverage.transitions)} transitions, ${ratio(machine.coverage.states)} states, ${ratio(machine.coverage.requirements)} requirements.`,
    ),
    make(
      'li',
      machine.effects.length === 0
        ? 'Emits nothing outside itself.'
        : `Emits ${machine.effects.join(', ')}.`,
    ),
  )
  const money = make('li', moving.length === 0 ? 'No transition moves money.' : 'Moves money: ')
  for (const index of moving) {
    const transition = machine.transitions[index]
    if (transition)
      money.append(button(transition.label, () => showTransition(machine, index), 'link'))
  }
  facts.append(money)
  const anyState = element('any-state')
  anyState.replaceChildren()
  anyState.hidden = machine.anyState.length === 0
  if (machine.anyState.length > 0) {
    anyState.append(make('span', 'In any state: '))
    for (const index of machine.anyState) {
      const transition = machine.transitions[index]
      if (transition)
        anyState.append(button(transition.label, () => showTransition(machine, index), 'link'))
    }
  }
  const select = element<HTMLSelectElement>('path-select')
  select.replaceChildren(
    new Option('Choose a path…', '-1'),
    new Option('Simulate: send the events yourself', String(SIMULATE)),
  )
  const groups = new Map<string, HTMLOptGroupElement>()
  machine.paths.forEach((path, index) => {
    if (!path.steps) return
    const { strategy } = path
    let group = groups.get(strategy)
    if (!group) {
      group = make('optgroup')
      group.label = `${strategy} paths`
      groups.set(strategy, group)
      select.append(group)
    }
    group.append(
      new Option(
        `${labelOf(path)}: reaches ${path.target} (${plural(path.steps.length - 1, 'step', 'steps')})`,
        String(index),
      ),
    )
  })
  // The details column takes the diagram's room only once it has something to show.
  element('details').hidden = true
  opener = null
  renderSteps()
}

function route(): void {
  const id = decodeURIComponent(location.hash.slice(1))
  const machine = data.machines.find((candidate) => candidate.id === id) ?? data.machines[0]
  if (machine) renderMachine(machine)
}

/** The least a fitted diagram is scaled: its 12 px text drawn at 10 px. */
const readableScale = 10 / 12

/**
 * Each shown view laid out twice shows its narrow layout where the wide one, at its least
 * scale, is wider than the view's room (3 of 103 scrolled sideways in a 1280 px window).
 */
function narrowWhereTooWide(): void {
  for (const wide of document.querySelectorAll<SVGSVGElement>(
    '.diagram-frame:not([hidden]) svg.diagram.has-narrow',
  )) {
    const holder = wide.closest<HTMLElement>('.diagram-view')
    if (!holder) continue
    const style = getComputedStyle(holder)
    const room = holder.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    holder.classList.toggle('narrowed', wide.viewBox.baseVal.width * readableScale > room)
  }
}

function start(): void {
  const uncited = element('uncited')
  uncited.textContent =
    data.uncited.length === 0
      ? 'Every requirement is cited by a machine.'
      : `Cited by no machine: ${data.uncited.join(', ')}.`
  element<HTMLSelectElement>('path-select').addEventListener('change', (event) => {
    choosePath(Number((event.target as HTMLSelectElement).value))
  })
  element('previous-step').addEventListener('click', () => goTo(view.step - 1))
  element('next-step').addEventListener('click', () => goTo(view.step + 1))
  element('first-step').addEventListener('click', () => goTo(0))
  // Fitting a wide machine into the frame shrank its 12 px text to 2 px on a phone: a diagram
  // shrinks to 10 px text at most, and the frame scrolls the rest.
  for (const svg of document.querySelectorAll<SVGSVGElement>('svg.diagram')) {
    svg.style.minWidth = `${Math.round(svg.viewBox.baseVal.width * readableScale)}px`
  }
  const actualSize = element('actual-size')
  actualSize.addEventListener('click', () => {
    const actual = actualSize.getAttribute('aria-pressed') !== 'true'
    actualSize.setAttribute('aria-pressed', String(actual))
    element('diagrams').classList.toggle('fit', !actual)
  })
  const diagrams = element('diagrams')
  // The window's width and the details column beside the diagrams change the views' room.
  new ResizeObserver(narrowWhereTooWide).observe(diagrams)
  // The overview's box for a part, and the link to it above, lead to the part's diagram.
  const partOf = (event: Event) =>
    (event.target as Element).closest('[data-holds], [data-goto-part]')
  const partIndex = (target: Element) =>
    target.getAttribute('data-part') ?? target.getAttribute('data-goto-part') ?? ''
  diagrams.addEventListener('click', (event) => {
    const part = partOf(event)
    if (part) {
      event.preventDefault()
      goToPart(partIndex(part))
      return
    }
    const target = (event.target as Element).closest('[data-state], [data-transition]')
    if (target) selectNode(target)
  })
  diagrams.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    const part = partOf(event)
    const target = (event.target as Element).closest('[data-state], [data-transition]')
    if (!part && !target) return
    event.preventDefault()
    if (part) goToPart(partIndex(part))
    else if (target) selectNode(target)
  })
  element('details-close').addEventListener('click', closeDetails)
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || element('details').hidden) return
    event.preventDefault()
    closeDetails()
  })
  window.addEventListener('hashchange', route)
  route()
}

start()
