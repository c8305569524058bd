import { vi, type Mock } from 'vitest'
import { fromPromise } from 'xstate'
import type { AnyStateMachine, InputFrom, OutputFrom } from 'xstate'
import type { MachineActors } from '../../machines/shared/machine-entry'
import type { ActorOverrides } from '../../src/app/app-actors'

type Actors<TMachine extends AnyStateMachine> = MachineActors<TMachine>

/** A fake for each actor: a plain async function of the actor's input. */
export type FakeFunctions<TMachine extends AnyStateMachine> = {
  [K in keyof Actors<TMachine>]: (
    input: InputFrom<Actors<TMachine>[K]>,
  ) => Promise<OutputFrom<Actors<TMachine>[K]>>
}

export type FakeActors<TMachine extends AnyStateMachine> = {
  /** What to pass to renderApp's `actors`: the machine's actors replaced by the fakes. */
  overrides: ActorOverrides
  /** A spy per actor, to assert what the machine asked for. */
  calls: { [K in keyof Actors<TMachine>]: Mock<FakeFunctions<TMachine>[K]> }
}

/**
 * Fake I/O for one machine, typed by the machine itself: each actor becomes a spy around the
 * given async function (`defaults`, with `overrides` on top). No module mocks: renderApp hands
 * the fakes to the app's actor runtime, which gives them to the machine with that id.
 */
export function fakeActors<TMachine extends AnyStateMachine>(
  machine: TMachine,
  defaults: FakeFunctions<TMachine>,
  overrides: Partial<FakeFunctions<TMachine>> = {},
): FakeActors<TMachine> {
  const calls = {} as Record<string, Mock>
  const logic: Record<string, ReturnType<typeof fromPromise>> = {}
  for (const name of Object.keys(defaults) as (keyof FakeFunctions<TMachine> & string)[]) {
    const spy = vi.fn(overrides[name] ?? defaults[name]) as unknown as Mock
    calls[name] = spy
    logic[name] = fromPromise(({ input }) => spy(input) as Promise<unknown>)
  }
  return {
    overrides: { [machine.id]: logic },
    calls: calls as FakeActors<TMachine>['calls'],
  }
}
