import { describe, expect, it } from 'vitest'
import { createMachine, emit, setup } from 'xstate'
import { machines } from '../../machines/index'
import { describeMachine } from '../../scripts/lib/machine-model'
import { rewardMachine } from './fixtures/reward.machine'
import { registered } from './support/registered'

describe('describeMachine', () => {
  const model = describeMachine(rewardMachine)
  const transition = (description: string) =>
    model.transitions.find((candidate) => candidate.description === description)

  it('reads the effects a transition emits, fixed or computed with emitEvent', () => {
    expect(transition('The server paid the gems.')?.effects).toEqual(['balance.changed'])
    expect(transition('The claim failed; a toast says why.')?.effects).toEqual(['toast.show'])
    expect(transition('The player claims the reward.')?.effects).toEqual([])
  })

  it('reads money marks and requirements from the meta of states and transitions', () => {
    expect(transition('The server paid the gems.')).toMatchObject({
      money: [{ currency: 'gems', direction: 'in', endpoint: 'POST /api/mission/claim' }],
      requirements: ['REQ-REWARD-2'],
      event: 'claimReward answers',
      source: 'claiming',
      targets: ['claimed'],
    })
    expect(model.states.find((state) => state.id === 'pending')?.requirements).toEqual([
      'REQ-REWARD-1',
    ])
    expect(model.problems).toEqual([])
  })

  it('names timers and actor answers in words', () => {
    expect(model.transitions.map((t) => t.event)).toContain('after bannerTime (3000 ms)')
    expect(model.transitions.map((t) => t.event)).toContain('claimReward fails')
  })

  it('tells parallel regions apart from compound states', () => {
    const kinds = Object.fromEntries(
      model.states.map((state) => [state.id, [state.kind, state.isRegion]]),
    )
    expect(kinds.claimed).toEqual(['parallel', false])
    expect(kinds['claimed.banner']).toEqual(['compound', true])
    expect(kinds['claimed.banner.shown']).toEqual(['atomic', false])
  })

  it('reports an emit whose type cannot be read, instead of drawing nothing', () => {
    const machine = setup({
      types: { emitted: {} as { type: 'toast.show'; message: string } },
      actions: { tell: emit(() => ({ type: 'toast.show' as const, message: 'hola' })) },
    }).createMachine({
      id: 'opaque',
      initial: 'a',
      states: { a: { on: { go: { actions: 'tell' } } } },
    })
    expect(describeMachine(machine).problems).toEqual([
      expect.stringContaining('the action "tell" emits an event computed at run time'),
    ])
  })

  it('reports malformed meta: unknown currency, bad endpoint, bad requirement id', () => {
    const machine = createMachine({
      id: 'sloppy',
      initial: 'a',
      states: {
        a: {
          meta: { requirements: ['session-1'] },
          on: {
            go: {
              target: 'a',
              meta: { money: [{ currency: 'gold', direction: 'in', endpoint: '/api/x' }] },
            },
          },
        },
      },
    })
    const problems = describeMachine(machine).problems.join('\n')
    expect(problems).toContain('state a: meta.requirements.0 is not REQ-<AREA>-<n>')
    expect(problems).toContain('meta.money.0.currency')
    expect(problems).toContain('meta.money.0.endpoint is not "<METHOD> /api/<path>"')
  })

  it('finds every effect of the registered machines, with no problem', () => {
    const session = describeMachine(registered('session').machine)
    const effects = new Set(session.transitions.flatMap((t) => t.effects))
    expect([...effects].sort()).toEqual([
      'app.reload',
      'bottomBar.show',
      'login.succeeded',
      'session.ended',
      'toast.show',
    ])
    for (const entry of machines) expect(describeMachine(entry.machine).problems).toEqual([])
  })
})
