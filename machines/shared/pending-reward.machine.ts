import { assign, fromPromise, setup } from 'xstate'
import type { Currency } from '../../contract/currencies'
import type { ClaimedReward, PendingReward } from '../../contract/missions'
import type { AppEffect } from './app-effects'
import { emitEvent } from './emit-event'
import { metaTypes, moneyMarks } from './meta'
import type { EndpointName, RequirementId } from './meta'
import { notProvided } from './not-provided'
import { withFailure } from './request-failure'
import type { RequestFailure } from './request-failure'

export type PendingRewardContext = {
  reward: PendingReward | null
  /** What the last claim paid. */
  claimed: number
  error: string | null
}

export type PendingRewardEvent = { type: 'reward.claim' } | { type: 'reward.retry' }

export type PendingRewardEmitted = Extract<AppEffect, { type: 'balances.changed' }>

/** Which reward a machine collects, the call that pays it, and what it serves. */
export type PendingRewardOptions = {
  id: string
  description: string
  currency: Currency
  endpoint: EndpointName
  requirement: RequirementId
}

/**
 * A reward that builds up and is claimed at once: the volta charge of playlists, the share of
 * referrals' missions. Loaded, claimed into the balance through the ledger, then empty.
 */
export function createPendingRewardMachine(options: PendingRewardOptions) {
  const requirements = [options.requirement]
  return setup({
    types: {
      context: {} as PendingRewardContext,
      events: {} as PendingRewardEvent,
      emitted: {} as PendingRewardEmitted,
      ...metaTypes,
    },
    actors: {
      loadReward: fromPromise<PendingReward>(async () => notProvided('loadReward')),
      claimReward: fromPromise<ClaimedReward>(async () => notProvided('claimReward')),
    },
    guards: {
      isNothing: (_, params: PendingReward) => params.amount <= 0,
    },
    actions: {
      setReward: assign((_, params: PendingReward) => ({ reward: params, error: null })),
      setClaimed: assign((_, params: ClaimedReward) => ({
        reward: { amount: 0, entries: [] },
        claimed: params.claimed,
        error: null,
      })),
      setError: assign((_, params: RequestFailure) => ({ error: params.message })),
      showBalances: emitEvent('balances.changed', (_, params: ClaimedReward) => ({
        balances: params.balances,
      })),
    },
  }).createMachine({
    id: options.id,
    description: options.description,
    initial: 'loading',
    context: { reward: null, claimed: 0, error: null },
    states: {
      loading: {
        description: 'Asking the server how much waits to be claimed.',
        invoke: {
          id: 'loadReward',
          src: 'loadReward',
          onDone: [
            {
              guard: { type: 'isNothing', params: ({ event }) => event.output },
              target: 'empty',
              actions: { type: 'setReward', params: ({ event }) => event.output },
              description: 'Nothing waits.',
              meta: { requirements },
            },
            {
              target: 'ready',
              actions: { type: 'setReward', params: ({ event }) => event.output },
              description: 'Something waits: the amount and RECLAMAR show.',
              meta: { requirements },
            },
          ],
          onError: {
            target: 'loadFailed',
            actions: withFailure('setError'),
            description: 'The call failed; its message shows with a retry.',
          },
        },
      },
      loadFailed: {
        description: 'The amount could not be loaded: the message and REINTENTAR show.',
        on: { 'reward.retry': { target: 'loading', description: 'The player asks again.' } },
      },
      empty: {
        description: 'Nothing to claim: how it builds up shows instead.',
        meta: { requirements },
      },
      ready: {
        description: 'The amount waiting and where it came from show, with RECLAMAR.',
        meta: { requirements },
        on: {
          'reward.claim': {
            target: 'claiming',
            description: 'The player claims it all.',
            meta: { requirements },
          },
        },
      },
      claiming: {
        description: 'Claiming: the server pays the whole amount in one ledger transfer.',
        invoke: {
          id: 'claimReward',
          src: 'claimReward',
          onDone: {
            target: 'claimed',
            actions: [
              { type: 'setClaimed', params: ({ event }) => event.output },
              { type: 'showBalances', params: ({ event }) => event.output },
            ],
            description: 'Paid: the header shows the new balance at once.',
            meta: {
              requirements,
              money: moneyMarks(options.endpoint, { in: [options.currency] }),
            },
          },
          onError: {
            target: 'claimFailed',
            actions: withFailure('setError'),
            description: 'The claim failed; its message shows with a retry.',
          },
        },
      },
      claimFailed: {
        description: 'The claim failed: the message and REINTENTAR show.',
        on: {
          'reward.retry': {
            target: 'loading',
            description: 'The player asks again how much waits (someone may have claimed it).',
          },
        },
      },
      claimed: {
        description: 'Claimed: what was paid shows.',
        meta: { requirements },
      },
    },
  })
}
