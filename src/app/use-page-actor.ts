import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useActorRef } from '@xstate/react'
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, EmittedFrom, InputFrom } from 'xstate'
import { isAppEffect } from '../../machines/shared/app-effects'
import type { AppEffect } from '../../machines/shared/app-effects'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { useAppActors } from './app-context'
import { actorOptions, withOverrides, type ActorRuntime } from './app-actors'

/**
 * What a machine emits besides the effects the app carries out for everyone (nothing for a
 * machine that declares no emitted events: xstate then types them as any event object).
 */
type PageEmitted<TMachine extends AnyStateMachine> = string extends EmittedFrom<TMachine>['type']
  ? never
  : Exclude<EmittedFrom<TMachine>, AppEffect>

/** One handler per event the page's machine emits for the page itself. */
export type PageEffects<TMachine extends AnyStateMachine> = {
  [K in PageEmitted<TMachine>['type']]: (event: Extract<PageEmitted<TMachine>, { type: K }>) => void
}

type PageActorOptions<TMachine extends AnyStateMachine> = {
  input?: InputFrom<TMachine>
} & ([PageEmitted<TMachine>] extends [never]
  ? { effects?: undefined }
  : { effects: PageEffects<TMachine> })

/** The options argument: required only when the machine emits something the page must handle. */
type OptionsArgument<TMachine extends AnyStateMachine> = [PageEmitted<TMachine>] extends [never]
  ? [options?: PageActorOptions<TMachine>]
  : [options: PageActorOptions<TMachine>]

/** The machines given their actor logic, by machine, actor logic and runtime. */
const provided = new WeakMap<
  AnyStateMachine,
  WeakMap<object, WeakMap<ActorRuntime, AnyStateMachine>>
>()

const NO_ACTORS = {}

/**
 * The machine with its actor logic, built once for every actor that runs it with the same logic:
 * `provide` builds the whole machine again (every state node and transition), which the mine's
 * nine stations paid nine times as their tiles mounted.
 */
function providedLogic<TMachine extends AnyStateMachine>(
  machine: TMachine,
  actors: MachineActors<TMachine>,
  runtime: ActorRuntime,
): TMachine {
  const byActors = provided.get(machine) ?? new WeakMap()
  provided.set(machine, byActors)
  // A machine that calls nothing is given a new `{}` at each render: one key for all of them.
  const key = Object.keys(actors).length === 0 ? NO_ACTORS : actors
  const byRuntime = byActors.get(key) ?? new WeakMap()
  byActors.set(key, byRuntime)
  const known = byRuntime.get(runtime)
  if (known) return known as TMachine
  const logic = machine.provide({
    actors: withOverrides(runtime, machine.id, actors),
  } as Parameters<TMachine['provide']>[0]) as TMachine
  byRuntime.set(runtime, logic)
  return logic
}

/**
 * A page's own actor, the one way pages start a machine: the machine with its actor logic (the
 * page's `<route>.actors.ts`, or a test's fakes), running for as long as the page is shown, with
 * the app's clock and inspector. What it emits goes to the app machine when it is one of the app's
 * effects (toasts, balances, navigation), and to `effects` when only this page handles it.
 */
export function usePageActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  actors: MachineActors<TMachine>,
  ...[options]: OptionsArgument<TMachine>
): ActorRefFrom<TMachine> {
  const app = useAppActors()
  const logic = useMemo(
    () => providedLogic(machine, actors, app.runtime),
    [machine, actors, app.runtime],
  )
  const actor = useActorRef(logic, {
    ...actorOptions(app.runtime),
    ...(options?.input === undefined ? {} : { input: options.input }),
  }) as ActorRefFrom<TMachine>

  // The latest handlers, without subscribing again on every render.
  const effects = useRef(options?.effects)
  useEffect(() => {
    effects.current = options?.effects
  })

  // What the live stream receives reaches the page's machine as its own event (`board.changed`,
  // `offer.closed`...); a machine ignores the events it has no transition for.
  const live = useSyncExternalStore(
    app.live.subscribe,
    () => app.live.actor,
    () => null,
  )
  useEffect(() => {
    if (!live) return
    const subscription = live.on('live.received', ({ event }) =>
      (actor as AnyActorRef).send({ type: event.type, ...event.data }),
    )
    return () => subscription.unsubscribe()
  }, [live, actor])

  useEffect(() => {
    const subscription = (actor as AnyActorRef).on('*', (event: { type: string }) => {
      // The app machine carries out what any machine asks of the app (toasts, balances, pages).
      if (isAppEffect(event)) {
        app.app.send(event)
        return
      }
      const handlers = effects.current as Record<string, (event: unknown) => void> | undefined
      handlers?.[event.type]?.(event)
    })
    return () => subscription.unsubscribe()
  }, [actor, app.app])

  return actor
}
