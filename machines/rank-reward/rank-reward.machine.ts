import { assign, fromPromise, setup } from 'xstate'
import type { RankReward, RankRewardClaim } from '../../contract/progress'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type RankRewardContext = {
  rankIndex: number
  reward: RankReward | null
  error: string | null
}

export type RankRewardInput = { rankIndex: number }

export type RankRewardEvent = { type: 'reward.claim' } | { type: 'reward.retry' }

export type RankRewardEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** The gems were paid (and the player may hold a higher rank now). */
  | { type: 'reward.claimed'; claim: RankRewardClaim }

export const rankRewardMachine = setup({
  types: {
    context: {} as RankRewardContext,
    events: {} as RankRewardEvent,
    emitted: {} as RankRewardEmitted,
    input: {} as RankRewardInput | undefined,
    ...metaTypes,
  },
  actors: {
    loadReward: fromPromise<RankReward, { rankIndex: number }>(async () =>
      notProvided('loadReward'),
    ),
    claimReward: fromPromise<RankRewardClaim, { rankIndex: number }>(async () =>
      notProvided('claimReward'),
    ),
  },
  guards: {
    isClaimed: (_, params: RankReward) => params.claimed,
    isReached: (_, params: RankReward) => params.reached,
    /** Reached, but the player never played: no rank's gems until a first play (issue 29). */
    waitsForPlay: (_, params: RankReward) => params.reached && !params.played,
  },
  actions: {
    setReward: assign((_, params: RankReward) => ({ reward: params, error: null })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    announceBalances: emitEvent('balances.changed', (_, params: { claim: RankRewardClaim }) => ({
      balances: params.claim.balances,
    })),
    announceClaim: emitEvent('reward.claimed', (_, params: { claim: RankRewardClaim }) => ({
      claim: params.claim,
    })),
  },
}).createMachine({
  id: 'rank-reward',
  description:
    'The gems of one rank on the progress pager: checked with the server, claimable once the team reaches the rank, claimed once.',
  context: ({ input }) => ({ rankIndex: input?.rankIndex ?? 0, reward: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Asking the server whether the rank’s gems can be claimed.',
      invoke: {
        id: 'loadReward',
        src: 'loadReward',
        input: ({ context }) => ({ rankIndex: context.rankIndex }),
        onDone: [
          {
            guard: { type: 'isClaimed', params: ({ event }) => event.output },
            target: 'claimed',
            actions: { type: 'setReward', params: ({ event }) => event.output },
            description: 'They were claimed already.',
            meta: { requirements: ['REQ-TEAM-3'] },
          },
          {
            guard: { type: 'waitsForPlay', params: ({ event }) => event.output },
            target: 'needsPlay',
            actions: { type: 'setReward', params: ({ event }) => event.output },
            description:
              'The rank is reached but the player never played (a verified mission, a finished video): the gems wait for the first play.',
          },
          {
            guard: { type: 'isReached', params: ({ event }) => event.output },
            target: 'claimable',
            actions: { type: 'setReward', params: ({ event }) => event.output },
            description: 'The team reached the rank: the gems can be claimed.',
            meta: { requirements: ['REQ-TEAM-3'] },
          },
          {
            target: 'notReached',
            actions: { type: 'setReward', params: ({ event }) => event.output },
            description: 'The rank is not reached yet: the gems show, locked.',
          },
        ],
        onError: {
          target: 'failed',
          actions: withFailure('setError'),
          description: 'The reward could not be read.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    failed: {
      description: 'The reward could not be read; a retry shows.',
      on: {
        'reward.retry': {
          target: 'checking',
          description: 'The player asks again.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    notReached: { description: 'The gems show with what the rank needs.' },
    needsPlay: {
      description:
        'The gems show with what unlocks them: a first verified mission or finished video (a signup that never played claims none).',
    },
    claimable: {
      description: 'The claim button shows.',
      meta: { requirements: ['REQ-TEAM-3'] },
      on: {
        'reward.claim': {
          target: 'claiming',
          description: 'The player claims the gems.',
          meta: { requirements: ['REQ-TEAM-3'] },
        },
      },
    },
    claiming: {
      description: 'Asking the server to pay the gems.',
      invoke: {
        id: 'claimReward',
        src: 'claimReward',
        input: ({ context }) => ({ rankIndex: context.rankIndex }),
        onDone: {
          target: 'claimed',
          actions: [
            { type: 'setReward', params: ({ event }) => event.output },
            { type: 'announceBalances', params: ({ event }) => ({ claim: event.output }) },
            { type: 'announceClaim', params: ({ event }) => ({ claim: event.output }) },
          ],
          description: 'The gems are paid, once.',
          meta: {
            requirements: ['REQ-TEAM-3'],
            money: moneyMarks('PATCH /api/user/gainReward', { in: ['gems'] }),
          },
        },
        onError: {
          target: 'claimable',
          actions: withFailure('setError'),
          description: 'The claim was refused; the message shows.',
        },
      },
    },
    claimed: { description: 'The gems were claimed.', meta: { requirements: ['REQ-TEAM-3'] } },
  },
})
