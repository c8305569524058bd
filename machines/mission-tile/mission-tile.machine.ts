import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type {
  AddedMission,
  ClaimedMission,
  Mission,
  MissionCheck,
  Reward,
} from '../../contract/missions'
import type { AppEffect } from '../shared/app-effects'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'

export type MissionTileContext = {
  /** The mission as the list showed it, then as the calls answered it. */
  mission: Mission | null
  /** This browser's device id, sent when the mission is taken (the device rule). */
  deviceId: string
  /** What the player reads: the network has not seen the action yet, or why a call failed. */
  message: string | null
}

export type MissionTileEvent =
  /** The list shows this mission: raised at start from the input's (the tile starts here). */
  | { type: 'mission.sync'; mission: Mission }
  | { type: 'mission.add' }
  | { type: 'mission.check' }
  | { type: 'mission.claim' }
  | { type: 'mission.retry' }

export type MissionTileEmitted =
  | Extract<AppEffect, { type: 'balances.changed' }>
  /** Taken: today's count changed. */
  | { type: 'mission.added'; remainingToday: number }
  /** Claimed: the reward was paid (and a notification written). */
  | { type: 'mission.claimed'; title: string; reward: Reward }

/** What the page gives the tile: the mission as the list shows it, and this browser's device. */
export type MissionTileInput = { mission?: Mission; deviceId?: string }

export const missionTileMachine = setup({
  types: {
    context: {} as MissionTileContext,
    events: {} as MissionTileEvent,
    emitted: {} as MissionTileEmitted,
    input: {} as MissionTileInput | undefined,
    ...metaTypes,
  },
  actors: {
    addMission: fromPromise<AddedMission, { missionId: string; deviceId: string }>(async () =>
      notProvided('addMission'),
    ),
    checkMission: fromPromise<MissionCheck, { missionId: string }>(async () =>
      notProvided('checkMission'),
    ),
    claimMission: fromPromise<ClaimedMission, { missionId: string }>(async () =>
      notProvided('claimMission'),
    ),
  },
  guards: {
    isListedClaimed: (_, params: { mission: Mission }) => params.mission.state === 'claimed',
    isListedClaimable: (_, params: { mission: Mission }) => params.mission.state === 'claimable',
    isListedAdded: (_, params: { mission: Mission }) => params.mission.state === 'added',
    /** 403: the device rule, or a network without a verified account of the player's. */
    isForbidden: (_, params: RequestFailure) => params.status === 403,
    isDailyCap: (_, params: RequestFailure) => params.status === 429,
    isConfirmed: (_, params: MissionCheck) => params.mission.state === 'claimable',
  },
  actions: {
    setMission: assign((_, params: { mission: Mission }) => ({
      mission: params.mission,
      message: null,
    })),
    setNotYet: assign((_, params: MissionCheck) => ({
      mission: params.mission,
      message: params.message,
    })),
    setMessage: assign((_, params: RequestFailure) => ({ message: params.message })),
    // The tile starts where the list's mission is (as the station reads its input): the same
    // transitions as a mission the list sends later, so one place decides where each state starts.
    readMission: enqueueActions(({ context, enqueue }) => {
      if (context.mission) enqueue.raise({ type: 'mission.sync', mission: context.mission })
    }),
    markClaimed: assign(({ context }) => ({
      mission: context.mission ? { ...context.mission, state: 'claimed' as const } : null,
      message: null,
    })),
    notifyAdded: emitEvent('mission.added', (_, params: AddedMission) => ({
      remainingToday: params.remainingToday,
    })),
    notifyClaimed: emitEvent('mission.claimed', (_, params: ClaimedMission) => ({
      title: params.mission.title,
      reward: params.reward,
    })),
    showBalances: emitEvent('balances.changed', (_, params: ClaimedMission) => ({
      balances: params.balances,
    })),
  },
}).createMachine({
  id: 'mission-tile',
  description:
    'A social mission tile: taken, checked with the network and claimed, once each; with the failures the player retries from, the access denial and the daily cap.',
  context: ({ input }) => ({
    mission: input?.mission ?? null,
    deviceId: input?.deviceId ?? '',
    message: null,
  }),
  entry: 'readMission',
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The tile waits for the mission as the list shows it.',
      on: {
        'mission.sync': [
          {
            guard: { type: 'isListedClaimed', params: ({ event }) => ({ mission: event.mission }) },
            target: 'claimed',
            actions: { type: 'setMission', params: ({ event }) => ({ mission: event.mission }) },
            description: 'The list shows it claimed today.',
            meta: { requirements: ['REQ-MISSION-1'] },
          },
          {
            guard: {
              type: 'isListedClaimable',
              params: ({ event }) => ({ mission: event.mission }),
            },
            target: 'claimable',
            actions: { type: 'setMission', params: ({ event }) => ({ mission: event.mission }) },
            description: 'The list shows it confirmed: the reward waits.',
            meta: { requirements: ['REQ-MISSION-1'] },
          },
          {
            guard: { type: 'isListedAdded', params: ({ event }) => ({ mission: event.mission }) },
            target: 'added',
            actions: { type: 'setMission', params: ({ event }) => ({ mission: event.mission }) },
            description: 'The list shows it taken, not confirmed yet.',
            meta: { requirements: ['REQ-MISSION-1'] },
          },
          {
            target: 'pending',
            actions: { type: 'setMission', params: ({ event }) => ({ mission: event.mission }) },
            description: 'The list shows it not taken.',
            meta: { requirements: ['REQ-MISSION-1'] },
          },
        ],
      },
    },
    pending: {
      description: 'Not taken yet: its reward and TOMAR MISIÓN show.',
      meta: { requirements: ['REQ-MISSION-1'] },
      on: {
        'mission.add': {
          target: 'adding',
          description: 'The player takes the mission.',
          meta: { requirements: ['REQ-MISSION-2'] },
        },
      },
    },
    adding: {
      description: 'Taking the mission (from this device; it counts toward today’s cap).',
      invoke: {
        id: 'addMission',
        src: 'addMission',
        input: ({ context }) => ({
          missionId: context.mission?.id ?? '',
          deviceId: context.deviceId,
        }),
        onDone: {
          target: 'added',
          actions: [
            { type: 'setMission', params: ({ event }) => ({ mission: event.output.mission }) },
            { type: 'notifyAdded', params: ({ event }) => event.output },
          ],
          description: 'Taken: the link to act on and VERIFICAR show.',
          meta: { requirements: ['REQ-MISSION-2'] },
        },
        onError: [
          {
            guard: withFailure('isForbidden'),
            target: 'accessDenied',
            actions: withFailure('setMessage'),
            description:
              'The rules deny it: this device is used by too many players, or the network has no verified account of the player’s.',
            meta: { requirements: ['REQ-MISSION-6'] },
          },
          {
            guard: withFailure('isDailyCap'),
            target: 'dailyCapReached',
            actions: withFailure('setMessage'),
            description: 'The player took all of today’s missions.',
            meta: { requirements: ['REQ-MISSION-3'] },
          },
          {
            target: 'addFailed',
            actions: withFailure('setMessage'),
            description: 'The call failed; its message shows with a retry.',
            meta: { requirements: ['REQ-MISSION-7'] },
          },
        ],
      },
    },
    addFailed: {
      description: 'Taking it failed: the message and REINTENTAR show.',
      on: {
        'mission.retry': {
          target: 'adding',
          description: 'The player tries to take it again.',
          meta: { requirements: ['REQ-MISSION-7'] },
        },
      },
    },
    accessDenied: {
      description: 'The rules deny this mission to the player: the reason shows.',
      meta: { requirements: ['REQ-MISSION-6'] },
      on: {
        'mission.retry': {
          target: 'adding',
          description: 'The player verified their account (or changed device) and tries again.',
          meta: { requirements: ['REQ-MISSION-6'] },
        },
      },
    },
    dailyCapReached: {
      description: 'No more missions today: the cap message shows until the next Bogota day.',
      meta: { requirements: ['REQ-MISSION-3'] },
    },
    added: {
      description: 'Taken: the link to the post and VERIFICAR show, with the last “not yet”.',
      meta: { requirements: ['REQ-MISSION-2'] },
      on: {
        'mission.check': {
          target: 'checking',
          description: 'The player did what it asks and asks the network to confirm.',
          meta: { requirements: ['REQ-MISSION-4'] },
        },
      },
    },
    checking: {
      description: 'Asking the network whether the player did what the mission asks.',
      invoke: {
        id: 'checkMission',
        src: 'checkMission',
        input: ({ context }) => ({ missionId: context.mission?.id ?? '' }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => event.output },
            target: 'claimable',
            actions: {
              type: 'setMission',
              params: ({ event }) => ({ mission: event.output.mission }),
            },
            description: 'Confirmed: the reward can be claimed.',
            meta: { requirements: ['REQ-MISSION-4'] },
          },
          {
            target: 'added',
            actions: { type: 'setNotYet', params: ({ event }) => event.output },
            description: 'Not seen yet: the message says when to check again.',
            meta: { requirements: ['REQ-MISSION-4'] },
          },
        ],
        onError: [
          {
            guard: withFailure('isForbidden'),
            target: 'accessDenied',
            actions: withFailure('setMessage'),
            description: 'The player’s account on the network is no longer verified.',
            meta: { requirements: ['REQ-MISSION-6'] },
          },
          {
            target: 'checkFailed',
            actions: withFailure('setMessage'),
            description: 'The check failed; its message shows with a retry.',
            meta: { requirements: ['REQ-MISSION-7'] },
          },
        ],
      },
    },
    checkFailed: {
      description: 'The check failed: the message and REINTENTAR show.',
      on: {
        'mission.retry': {
          target: 'checking',
          description: 'The player checks again.',
          meta: { requirements: ['REQ-MISSION-7'] },
        },
      },
    },
    claimable: {
      description: 'Confirmed: RECLAMAR shows with the reward.',
      meta: { requirements: ['REQ-MISSION-5'] },
      on: {
        'mission.claim': {
          target: 'claiming',
          description: 'The player claims the reward.',
          meta: { requirements: ['REQ-MISSION-5'] },
        },
      },
    },
    claiming: {
      description: 'Claiming the reward.',
      invoke: {
        id: 'claimMission',
        src: 'claimMission',
        input: ({ context }) => ({ missionId: context.mission?.id ?? '' }),
        onDone: {
          target: 'claimed',
          actions: [
            'markClaimed',
            { type: 'showBalances', params: ({ event }) => event.output },
            { type: 'notifyClaimed', params: ({ event }) => event.output },
          ],
          description: 'Paid once: the header shows the new gems at once.',
          meta: {
            requirements: ['REQ-MISSION-5'],
            money: moneyMarks('POST /api/mission/claim', { in: ['gems'] }),
          },
        },
        onError: {
          target: 'claimFailed',
          actions: withFailure('setMessage'),
          description: 'The claim failed; its message shows with a retry.',
          meta: { requirements: ['REQ-MISSION-7'] },
        },
      },
    },
    claimFailed: {
      description: 'The claim failed: the message and REINTENTAR show.',
      on: {
        'mission.retry': {
          target: 'claiming',
          description: 'The player claims again.',
          meta: { requirements: ['REQ-MISSION-7'] },
        },
      },
    },
    claimed: {
      description: 'Done: the reward was paid.',
      meta: { requirements: ['REQ-MISSION-5'] },
    },
  },
})
