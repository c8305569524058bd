import { parseAst } from 'vite'
import { assign, createMachine, not } from 'xstate'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { emitEvent } from '../../../machines/shared/emit-event'
import { listStateNodes, listTransitionDefinitions, nodePath } from '../machine-graph'

/**
 * Machine-level mutation operators (why not StrykerJS: docs/testing.md, "Mutation score"):
 * single changes of the kinds a person makes by mistake in a statechart, applied to the
 * machine's config and named implementations, never to its source text. Each mutant is one of:
 *
 * - `retarget`: a transition goes to the next sibling of its target instead;
 * - `drop guard` / `negate guard`: a guarded transition loses its guard, or takes its opposite;
 * - `drop transition`: a state stops handling an event (or an answer, or a timer) one way;
 * - `drop action` / `swap actions`: a transition, an entry or an exit loses one action, or runs
 *   its actions in the opposite order;
 * - `assign`: an assign action leaves one field of the context as it was;
 * - `input`: an invoked actor receives one field of its input changed;
 * - `emit`: an emitted event carries one field changed;
 * - `delay`: a named timer lasts twice as long.
 *
 * Enumeration reads only the machine, so the process that lists the mutants and the test worker
 * that applies one agree on their numbers.
 */
export type MachineMutant = {
  /** A stable name, also the key of the reviewed list of equivalent mutants. */
  id: string
  operator: string
}

type Config = Record<string, unknown>
type Implementations = {
  actors: Record<string, unknown>
  actions: Record<string, unknown>
  guards: Record<string, unknown>
  delays: Record<string, unknown>
}
type Change = (config: Config, implementations: Implementations) => void
type Planned = MachineMutant & { change: Change }

/** A deep copy of a machine config: plain objects and arrays copied, functions kept. */
function cloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneConfig) as T
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, cloneConfig(inner)]),
    ) as T
  }
  return value
}

/** The config of the state at `path` inside a (copied) machine config. */
function stateConfig(config: Config, path: readonly string[]): Config {
  let node = config
  for (const key of path) node = (node.states as Record<string, Config>)[key] as Config
  return node
}

function asList(value: unknown): unknown[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/** A transition written as a string target, made an object so it can be changed. */
function asTransition(value: unknown): Config {
  return typeof value === 'string' ? { target: value } : (value as Config)
}

/**
 * The list holding the transitions of `eventType` in a state's config, normalized to objects and
 * written back, so a change to the list or its items changes the config.
 */
function transitionSlot(node: Config, eventType: string): Config[] {
  const done = 'xstate.done.actor.'
  const error = 'xstate.error.actor.'
  const after = 'xstate.after.'
  let holder: Config
  let key: string
  if (eventType === '') {
    holder = node
    key = 'always'
  } else if (eventType.startsWith(done) || eventType.startsWith(error)) {
    const id = eventType.slice(eventType.startsWith(done) ? done.length : error.length)
    const invoke = asList(node.invoke).find((item) => {
      const { id: invokeId, src } = item as { id?: unknown; src?: unknown }
      return (invokeId ?? src) === id
    }) as Config | undefined
    if (!invoke) throw new Error(`no invoke ${id}`)
    holder = invoke
    key = eventType.startsWith(done) ? 'onDone' : 'onError'
  } else if (eventType.startsWith(after)) {
    const delay = eventType.slice(after.length).split('.')[0] ?? ''
    holder = node.after as Config
    key = delay
  } else {
    holder = node.on as Config
    key = eventType
  }
  const list = asList(holder[key]).map(asTransition)
  holder[key] = list
  return list
}

/** The top-level keys of the object a function's source returns (`({ a, b: 1 })` gives a, b). */
export function returnedKeys(fn: unknown): string[] {
  if (typeof fn !== 'function') return []
  const source = String(fn)
  for (const wrapped of [`(${source})`, `({${source}})`]) {
    try {
      const ast = parseAst(wrapped) as unknown as AstNode
      const found = objectOf(ast)
      if (found) return found
    } catch {
      // Not an expression in this wrapping: try the next (method shorthand).
    }
  }
  return []
}

type AstNode = { type: string; [key: string]: unknown }

function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'
}

/** The keys of the first function's returned object literal, searched outermost first. */
function objectOf(node: AstNode): string[] | null {
  const fn =
    node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' ? node : null
  if (fn) {
    const body = fn.body as AstNode
    if (body.type === 'ObjectExpression') return keysOf(body)
    if (body.type === 'BlockStatement') {
      const returned = (body.body as AstNode[]).find((item) => item.type === 'ReturnStatement')
      const argument = returned?.argument
      if (isAstNode(argument) && argument.type === 'ObjectExpression') return keysOf(argument)
    }
    return null
  }
  for (const child of Object.values(node)) {
    for (const item of Array.isArray(child) ? child : [child]) {
      if (!isAstNode(item)) continue
      const found = objectOf(item)
      if (found) return found
    }
  }
  return null
}

function keysOf(object: AstNode): string[] {
  return (object.properties as AstNode[]).flatMap((property) => {
    if (property.type !== 'Property' || property.computed) return []
    const key = property.key as AstNode
    if (key.type === 'Identifier') return [String(key.name)]
    if (key.type === 'Literal') return [String(key.value)]
    return []
  })
}

/** A value changed the way a slip would change it: numbers to 0 (or 1), text emptied, ... */
export function changedValue(value: unknown): unknown {
  if (typeof value === 'number') return value === 0 ? 1 : 0
  if (typeof value === 'string') return value === '' ? 'x' : ''
  if (typeof value === 'boolean') return !value
  if (Array.isArray(value)) return value.length === 0 ? [null] : []
  if (typeof value === 'object' && value !== null) return {}
  return 'x'
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'object' && action !== null && 'type' in action) {
    return String((action as { type: unknown }).type)
  }
  return 'inline action'
}

/**
 * A guard's fixed params as the id prints them (`{"operation":"buy"}`), so the guards of one
 * event that differ only by their params (battery-operation's five `isOperation`) are told
 * apart; params computed from the event print nothing.
 */
function guardParamsText(guard: unknown): string {
  if (typeof guard !== 'object' || guard === null || !('params' in guard)) return ''
  const { params } = guard as { params: unknown }
  return typeof params === 'object' && params !== null ? ` ${JSON.stringify(params)}` : ''
}

/** The state a retargeted transition goes to: the next sibling of its target, if any. */
function nextSibling(machine: AnyStateMachine, target: string): string | null {
  const nodes = new Map(listStateNodes(machine).map((node) => [nodePath(node), node]))
  const node = nodes.get(target)
  const parent = node?.parent
  if (!node || !parent) return null
  const siblings = Object.values(parent.states) as AnyStateNode[]
  if (siblings.length < 2) return null
  const index = siblings.indexOf(node)
  return nodePath(siblings[(index + 1) % siblings.length] as AnyStateNode)
}

function planTransitions(machine: AnyStateMachine): Planned[] {
  const planned: Planned[] = []
  const definitions = listTransitionDefinitions(machine)
  const names = definitions.map(({ info, definition }) => {
    const guard = info.guard ? ` [${info.guard}${guardParamsText(definition.guard)}]` : ''
    return `${info.source} --${info.eventType || '(always)'}${guard}${info.targets.length > 0 ? `--> ${info.targets.join(', ')}` : ''}`
  })
  for (const [position, { info, definition }] of definitions.entries()) {
    const source = (definition.source as AnyStateNode).path
    const index = Number(info.key.split('::').pop())
    // Two transitions alike in every printed part (params read from the event) are numbered,
    // so each mutant has an id of its own in the reviewed list of equivalents.
    const alike = names.filter((other) => other === names[position]).length
    const name =
      alike > 1
        ? `${names[position]} (${names.slice(0, position + 1).filter((other) => other === names[position]).length} of ${alike})`
        : (names[position] as string)
    const at = (config: Config) =>
      transitionSlot(stateConfig(config, source), info.eventType)[index] as Config
    const target = info.targets[0]
    const retarget = info.targets.length === 1 && target ? nextSibling(machine, target) : null
    if (retarget) {
      planned.push({
        id: `retarget ${name} → ${retarget}`,
        operator: 'retarget',
        change: (config) => {
          at(config).target = `#${machine.id}.${retarget}`
        },
      })
    }
    if (info.guard) {
      planned.push({
        id: `drop guard ${name}`,
        operator: 'drop guard',
        change: (config) => {
          delete at(config).guard
        },
      })
      planned.push({
        id: `negate guard ${name}`,
        operator: 'negate guard',
        change: (config) => {
          const transition = at(config)
          transition.guard = not(transition.guard as Parameters<typeof not>[0])
        },
      })
    }
    planned.push({
      id: `drop transition ${name}`,
      operator: 'drop transition',
      change: (config) => {
        transitionSlot(stateConfig(config, source), info.eventType).splice(index, 1)
      },
    })
    const actions = asList(definition.actions)
    actions.forEach((action, position) => {
      planned.push({
        id: `drop action ${actionName(action)} of ${name}`,
        operator: 'drop action',
        change: (config) => {
          const transition = at(config)
          transition.actions = asList(transition.actions).filter((_, i) => i !== position)
        },
      })
    })
    if (actions.length > 1) {
      planned.push({
        id: `swap actions of ${name}`,
        operator: 'swap actions',
        change: (config) => {
          const transition = at(config)
          transition.actions = asList(transition.actions).reverse()
        },
      })
    }
  }
  return planned
}

function planStates(machine: AnyStateMachine): Planned[] {
  const planned: Planned[] = []
  for (const node of listStateNodes(machine)) {
    const path = node.path
    const config = node.config as Config
    for (const kind of ['entry', 'exit'] as const) {
      asList(config[kind]).forEach((action, position) => {
        planned.push({
          id: `drop ${kind} action ${actionName(action)} of ${nodePath(node)}`,
          operator: 'drop action',
          change: (copy) => {
            const state = stateConfig(copy, path)
            state[kind] = asList(state[kind]).filter((_, i) => i !== position)
          },
        })
      })
    }
    asList(config.invoke).forEach((invoke, position) => {
      const { input, src } = invoke as { input?: unknown; src?: unknown }
      for (const key of returnedKeys(input)) {
        planned.push({
          id: `input ${key} of ${String(src)} in ${nodePath(node)} changed`,
          operator: 'input',
          change: (copy) => {
            const state = stateConfig(copy, path)
            const invokes = asList(state.invoke).map((item) => ({ ...(item as Config) }))
            const target = invokes[position] as Config
            const original = target.input as (...args: unknown[]) => Record<string, unknown>
            target.input = (...args: unknown[]) => {
              const value = original(...args)
              return { ...value, [key]: changedValue(value[key]) }
            }
            state.invoke = invokes
          },
        })
      }
    })
  }
  return planned
}

type AssignAction = { type: 'xstate.assign'; assignment: unknown }
type EmitAction = { type: 'xstate.emit'; event: unknown }

function planImplementations(machine: AnyStateMachine): Planned[] {
  const planned: Planned[] = []
  const implementations = machine.implementations as unknown as Implementations
  for (const [name, action] of Object.entries(implementations.actions).sort()) {
    const { type } = action as { type?: unknown }
    if (type === 'xstate.assign') {
      const { assignment } = action as AssignAction
      const keys =
        typeof assignment === 'function'
          ? returnedKeys(assignment)
          : Object.keys(assignment as Config)
      for (const key of keys) {
        planned.push({
          id: `assign ${name} leaves ${key} as it was`,
          operator: 'assign',
          change: (_, copy) => {
            copy.actions[name] =
              typeof assignment === 'function'
                ? assign((...args: unknown[]) =>
                    Object.fromEntries(
                      Object.entries(
                        (assignment as (...inner: unknown[]) => Config)(...args),
                      ).filter(([field]) => field !== key),
                    ),
                  )
                : assign(
                    Object.fromEntries(
                      Object.entries(assignment as Config).filter(([field]) => field !== key),
                    ) as Parameters<typeof assign>[0],
                  )
          },
        })
      }
    }
    if (type === 'xstate.emit') {
      const { event } = action as EmitAction
      const fields = (event as { fields?: unknown; emittedType?: unknown }) ?? {}
      if (typeof fields.fields !== 'function' || typeof fields.emittedType !== 'string') continue
      const compute = fields.fields as (...args: unknown[]) => Config
      const emitted = fields.emittedType
      for (const key of returnedKeys(compute)) {
        planned.push({
          id: `emit ${name} with ${key} changed`,
          operator: 'emit',
          change: (_, copy) => {
            copy.actions[name] = emitEvent(emitted, (...args: unknown[]) => {
              const value = compute(...args)
              return { ...value, [key]: changedValue(value[key]) }
            })
          },
        })
      }
    }
  }
  for (const [name, delay] of Object.entries(implementations.delays).sort()) {
    planned.push({
      id: `delay ${name} twice as long`,
      operator: 'delay',
      change: (_, copy) => {
        copy.delays[name] =
          typeof delay === 'function'
            ? (...args: unknown[]) =>
                2 * Number((delay as (...inner: unknown[]) => unknown)(...args))
            : Math.max(1, 2 * Number(delay))
      },
    })
  }
  return planned
}

function plan(machine: AnyStateMachine): Planned[] {
  return [...planTransitions(machine), ...planStates(machine), ...planImplementations(machine)]
}

/** Every machine-level mutant of a machine, in a stable order. */
export function machineMutants(machine: AnyStateMachine): MachineMutant[] {
  return plan(machine).map(({ id, operator }) => ({ id, operator }))
}

/** The machine with one mutant applied (`index` into `machineMutants(machine)`). */
export function applyMachineMutant(machine: AnyStateMachine, index: number): AnyStateMachine {
  const mutant = plan(machine)[index]
  if (!mutant) throw new Error(`${machine.id} has no mutant ${index}`)
  const config = cloneConfig(machine.config as Config)
  const original = machine.implementations as unknown as Implementations
  const implementations: Implementations = {
    actors: { ...original.actors },
    actions: { ...original.actions },
    guards: { ...original.guards },
    delays: { ...original.delays },
  }
  mutant.change(config, implementations)
  // A retargeted eventless transition may loop forever: xstate stops it after this many steps.
  config.options = { ...(config.options as Config | undefined), maxIterations: 1000 }
  return createMachine(config as Parameters<typeof createMachine>[0], implementations as never)
}
