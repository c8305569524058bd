import { assign, fromPromise, setup } from 'xstate'
import type {
  FinishedVideo,
  Reward,
  VideoCheck,
  VideoMission,
  VideoView,
} from '../../contract/missions'
import type { AppEffect } from '../shared/app-effects'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'

export type VideoMissionContext = {
  missionId: string
  /** This browser's device id, sent on play (the device rule). */
  deviceId: string
  video: VideoMission | null
  /** The open view: its id (missionVideoViewId) and the key finish sends back (keyToClaim). */
  view: { id: string; keyToClaim: string } | null
  /** Seconds of the video still to watch (counted down while it plays). */
  secondsLeft: number
  error: string | null
}

export type VideoMissionEvent =
  | { type: 'video.play' }
  | { type: 'video.pause' }
  | { type: 'video.resume' }
  | { type: 'video.restart' }
  | { type: 'video.finish' }
  | { type: 'video.retry' }

export type VideoMissionEmitted =
  | Extract<AppEffect, { type: 'balances.changed' }>
  /** Finished and paid: terycarbons, volta charge for a playlist video, a completed playlist's gems. */
  | {
      type: 'video.finished'
      title: string
      reward: Reward
      volta: number
      playlist: FinishedVideo['playlist']
    }

export type VideoMissionInput = { missionId?: string; deviceId?: string } | undefined

export const videoMissionMachine = setup({
  types: {
    context: {} as VideoMissionContext,
    events: {} as VideoMissionEvent,
    emitted: {} as VideoMissionEmitted,
    input: {} as VideoMissionInput,
    ...metaTypes,
  },
  actors: {
    checkVideo: fromPromise<VideoCheck, { missionId: string }>(async () =>
      notProvided('checkVideo'),
    ),
    playVideo: fromPromise<VideoView, { missionId: string; deviceId: string }>(async () =>
      notProvided('playVideo'),
    ),
    restartVideo: fromPromise<VideoView, { viewId: string }>(async () =>
      notProvided('restartVideo'),
    ),
    finishVideo: fromPromise<FinishedVideo, { viewId: string; keyToClaim: string }>(async () =>
      notProvided('finishVideo'),
    ),
  },
  delays: {
    /** The time still to watch counts the seconds the clip plays, one at a time. */
    tick: 1000,
    /**
     * When a disabled video may play again, from the time the server said. One timer: its
     * countdown on screen reads `enabledAt` against the page's clock.
     */
    enabled: ({ context }) => (context.video?.secondsUntilEnabled ?? 0) * 1000,
  },
  guards: {
    isFinishedVideo: (_, params: VideoCheck) => params.video.status === 'finished',
    isDisabledVideo: (_, params: VideoCheck) => params.video.status === 'disabled',
    hasOpenView: (_, params: VideoCheck) => params.view !== null,
    isWatched: (_, params: VideoCheck) => params.view !== null && params.view.secondsLeft <= 0,
    isLastSecondToWatch: ({ context }) => context.secondsLeft <= 1,
    /** 403: this device is used by too many players. */
    isForbidden: (_, params: RequestFailure) => params.status === 403,
  },
  actions: {
    setCheck: assign((_, params: VideoCheck) => ({
      video: params.video,
      view: params.view
        ? { id: params.view.missionVideoViewId, keyToClaim: params.view.keyToClaim }
        : null,
      secondsLeft: params.view?.secondsLeft ?? params.video.durationSeconds,
      error: null,
    })),
    setView: assign((_, params: VideoView) => ({
      view: { id: params.missionVideoViewId, keyToClaim: params.keyToClaim },
      secondsLeft: params.secondsLeft,
      error: null,
    })),
    countWatchedSecond: assign(({ context }) => ({
      secondsLeft: Math.max(0, context.secondsLeft - 1),
    })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    setFinished: assign((_, params: FinishedVideo) => ({
      video: params.video,
      view: null,
      secondsLeft: 0,
      error: null,
    })),
    showBalances: emitEvent('balances.changed', (_, params: FinishedVideo) => ({
      balances: params.balances,
    })),
    notifyFinished: emitEvent('video.finished', (_, params: FinishedVideo) => ({
      title: params.video.title,
      reward: params.reward,
      volta: params.volta,
      playlist: params.playlist,
    })),
  },
}).createMachine({
  id: 'video-mission',
  description:
    'A video mission: may it play (or is it disabled for a while), play from this device, watch the whole time (restart starts it over), then finish with the key to be paid.',
  initial: 'checking',
  context: ({ input }) => ({
    missionId: input?.missionId ?? '',
    deviceId: input?.deviceId ?? '',
    video: null,
    view: null,
    secondsLeft: 0,
    error: null,
  }),
  states: {
    checking: {
      description: 'Asking the server whether the player may play the video, and their open view.',
      meta: { requirements: ['REQ-VIDEO-1'] },
      invoke: {
        id: 'checkVideo',
        src: 'checkVideo',
        input: ({ context }) => ({ missionId: context.missionId }),
        onDone: [
          {
            guard: { type: 'isFinishedVideo', params: ({ event }) => event.output },
            target: 'finished',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'The player finished it before.',
            meta: { requirements: ['REQ-VIDEO-4'] },
          },
          {
            guard: { type: 'isDisabledVideo', params: ({ event }) => event.output },
            target: 'temporarilyDisabled',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'Disabled for the player until a time: the countdown shows.',
            meta: { requirements: ['REQ-VIDEO-1'] },
          },
          {
            guard: { type: 'isWatched', params: ({ event }) => event.output },
            target: 'claimable',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'An open view already ran its whole time: it can be finished.',
            meta: { requirements: ['REQ-VIDEO-4'] },
          },
          {
            guard: { type: 'hasOpenView', params: ({ event }) => event.output },
            target: 'playing',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'An open view is under way: the time still to watch keeps counting.',
            meta: { requirements: ['REQ-VIDEO-3'] },
          },
          {
            target: 'ready',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'It may be played.',
            meta: { requirements: ['REQ-VIDEO-1'] },
          },
        ],
        onError: {
          target: 'checkFailed',
          actions: withFailure('setError'),
          description: 'The check failed; its message shows with a retry.',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
      },
    },
    checkFailed: {
      description: 'The check failed: the message and REINTENTAR show.',
      on: {
        'video.retry': {
          target: 'checking',
          description: 'The player asks again.',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
      },
    },
    temporarilyDisabled: {
      description: 'Disabled for the player until a time; then it is checked again.',
      meta: { requirements: ['REQ-VIDEO-1'] },
      after: {
        enabled: {
          target: 'checking',
          description: 'The time is up: ask the server again.',
          meta: { requirements: ['REQ-VIDEO-1'] },
        },
      },
    },
    ready: {
      description: 'It may be played: its reward, length and REPRODUCIR show.',
      on: {
        'video.play': {
          target: 'starting',
          description: 'The player presses play.',
          meta: { requirements: ['REQ-VIDEO-2'] },
        },
      },
    },
    starting: {
      description:
        'Opening a view on the server (with this device’s id): its start is the server’s time.',
      invoke: {
        id: 'playVideo',
        src: 'playVideo',
        input: ({ context }) => ({ missionId: context.missionId, deviceId: context.deviceId }),
        onDone: {
          target: 'playing',
          actions: { type: 'setView', params: ({ event }) => event.output },
          description: 'The view is open: the clip plays and the time to watch counts down.',
          meta: { requirements: ['REQ-VIDEO-2'] },
        },
        onError: [
          {
            guard: withFailure('isForbidden'),
            target: 'accessDenied',
            actions: withFailure('setError'),
            description: 'This device may not play videos: the reason shows.',
            meta: { requirements: ['REQ-MISSION-6'] },
          },
          {
            target: 'startFailed',
            actions: withFailure('setError'),
            description: 'Play failed; its message shows with a retry.',
            meta: { requirements: ['REQ-VIDEO-5'] },
          },
        ],
      },
    },
    startFailed: {
      description: 'Play failed: the message and REINTENTAR show.',
      on: {
        'video.retry': {
          target: 'checking',
          description: 'The player tries again: first ask whether it may still be played.',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
      },
    },
    accessDenied: {
      description: 'The device rule denies videos to the player here: the reason shows.',
      meta: { requirements: ['REQ-MISSION-6'] },
    },
    playing: {
      description: 'The clip plays; the time still to watch counts down while it is not paused.',
      meta: { requirements: ['REQ-VIDEO-3'] },
      initial: 'watching',
      on: {
        'video.restart': {
          target: 'restarting',
          description: 'The player starts the video over.',
          meta: { requirements: ['REQ-VIDEO-3'] },
        },
      },
      states: {
        watching: {
          description: 'The clip is playing: one second less to watch each second.',
          after: {
            tick: [
              {
                guard: 'isLastSecondToWatch',
                target: '#video-mission.claimable',
                actions: 'countWatchedSecond',
                description: 'The whole time was watched: the reward can be claimed.',
                meta: { requirements: ['REQ-VIDEO-4'] },
              },
              {
                target: 'watching',
                reenter: true,
                actions: 'countWatchedSecond',
                description: 'One second less to watch.',
                meta: { requirements: ['REQ-VIDEO-3'] },
              },
            ],
          },
          on: {
            'video.pause': {
              target: 'paused',
              description: 'The clip is paused: the count stops.',
              meta: { requirements: ['REQ-VIDEO-3'] },
            },
          },
        },
        paused: {
          description: 'The clip is paused: the time to watch waits.',
          on: {
            'video.resume': {
              target: 'watching',
              description: 'The clip plays again: the count goes on.',
              meta: { requirements: ['REQ-VIDEO-3'] },
            },
          },
        },
      },
    },
    restarting: {
      description: 'Starting the view over on the server: a new start time and a new key.',
      invoke: {
        id: 'restartVideo',
        src: 'restartVideo',
        input: ({ context }) => ({ viewId: context.view?.id ?? '' }),
        onDone: {
          target: 'playing',
          actions: { type: 'setView', params: ({ event }) => event.output },
          description: 'Started over: the whole time to watch again.',
          meta: { requirements: ['REQ-VIDEO-3'] },
        },
        onError: {
          target: 'startFailed',
          actions: withFailure('setError'),
          description: 'Restart failed; its message shows with a retry.',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
      },
    },
    claimable: {
      description: 'Watched: RECLAMAR shows with the reward.',
      meta: { requirements: ['REQ-VIDEO-4'] },
      on: {
        'video.finish': {
          target: 'finishing',
          description: 'The player claims the reward.',
          meta: { requirements: ['REQ-VIDEO-4'] },
        },
      },
    },
    finishing: {
      description: 'Finishing the view with its key; the server checks the time on its own clock.',
      invoke: {
        id: 'finishVideo',
        src: 'finishVideo',
        input: ({ context }) => ({
          viewId: context.view?.id ?? '',
          keyToClaim: context.view?.keyToClaim ?? '',
        }),
        onDone: {
          target: 'finished',
          actions: [
            { type: 'setFinished', params: ({ event }) => event.output },
            { type: 'showBalances', params: ({ event }) => event.output },
            { type: 'notifyFinished', params: ({ event }) => event.output },
          ],
          description:
            'Paid once (and a completed playlist’s gems): the header shows the new balances at once.',
          meta: {
            requirements: ['REQ-VIDEO-4'],
            money: moneyMarks('POST /api/mission/video/{viewId}/finish', {
              in: ['terycarbons', 'gems'],
            }),
          },
        },
        onError: {
          target: 'finishFailed',
          actions: withFailure('setError'),
          description: 'Finish was refused or failed; its message shows.',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
      },
    },
    finishFailed: {
      description: 'Finish failed: the message, RECLAMAR again, and VOLVER A VERIFICAR show.',
      on: {
        'video.finish': {
          target: 'finishing',
          description: 'The player claims again.',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
        'video.retry': {
          target: 'checking',
          description: 'The player asks where the video stands (disabled, say).',
          meta: { requirements: ['REQ-VIDEO-5'] },
        },
      },
    },
    finished: {
      description: 'Done: the reward was paid.',
      meta: { requirements: ['REQ-VIDEO-4'] },
    },
  },
})
