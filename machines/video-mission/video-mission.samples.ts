import type { VideoMission } from '../../contract/missions'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { videoMissionMachine } from './video-mission.machine'
import * as selectors from './video-mission.selectors'

const video: VideoMission = {
  id: '6b8f2c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  title: 'La mina en cinco segundos',
  description: 'Cómo tu estación convierte terycarbonos en gemas.',
  src: '/media/tery-mina.webm',
  durationSeconds: 2,
  reward: { kind: 'TERYCARBONS', amount: 20 },
  playlistId: null,
  volta: 0,
  status: 'available',
  secondsUntilEnabled: null,
  enabledAt: null,
}

const view = {
  missionVideoViewId: '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
  keyToClaim: 'q7X2mN9pL4vR8sT1wY6zA3bC5dE0fG2hJ4kM6nP8qR0',
}

/** The sample video's mission on this browser's device: the calls must carry both. */
export const missionInput = {
  missionId: video.id,
  deviceId: '3f2a9c7e-1b4d-4e8f-9a6c-5d0e7b1f2c3a',
}

export const videoMissionEntry = defineMachineEntry(videoMissionMachine, {
  selectors,
  // Drawn whole, it is more than twice the docs' width: one diagram per stage.
  diagramParts: {
    checking: ['checking', 'checkFailed', 'temporarilyDisabled', 'accessDenied'],
    watching: ['ready', 'starting', 'startFailed', 'playing', 'restarting'],
    claiming: ['claimable', 'finishing', 'finishFailed', 'finished'],
  },
  input: missionInput,
  events: {
    'video.play': [{ type: 'video.play' }],
    'video.pause': [{ type: 'video.pause' }],
    'video.resume': [{ type: 'video.resume' }],
    'video.restart': [{ type: 'video.restart' }],
    'video.finish': [{ type: 'video.finish' }],
    'video.retry': [{ type: 'video.retry' }],
  },
  outcomes: {
    checkVideo: {
      done: [
        { video, view: null },
        {
          video: {
            ...video,
            status: 'disabled',
            secondsUntilEnabled: 2,
            enabledAt: '2026-11-20T15:00:02.000Z',
          },
          view: null,
        },
        { video: { ...video, status: 'playing' }, view: { ...view, secondsLeft: 1 } },
        { video: { ...video, status: 'claimable' }, view: { ...view, secondsLeft: 0 } },
        { video: { ...video, status: 'finished' }, view: null },
      ],
      error: [sampleFailures.noAnswer],
    },
    playVideo: {
      done: [{ ...view, secondsLeft: 2 }],
      error: [
        {
          status: 403,
          message:
            'Este dispositivo ya se usa con demasiadas cuentas de Tery. Las misiones y los videos solo se pueden hacer desde tu propio dispositivo.',
          network: false,
        },
        sampleFailures.serverError,
      ],
    },
    restartVideo: {
      done: [
        { ...view, keyToClaim: 'R0qP8nM6kJ4hG2fE0dC5bA3zY6wT1sR8vL4pN9mX2q7', secondsLeft: 2 },
      ],
      error: [sampleFailures.noAnswer],
    },
    finishVideo: {
      done: [
        {
          video: { ...video, status: 'finished' },
          reward: { kind: 'TERYCARBONS', amount: 20 },
          volta: 0,
          playlist: null,
          balances: { terycarbons: 2520, gems: 340, voltaCharge: 120, terydollars: 25 },
        },
      ],
      error: [
        {
          status: 409,
          message: 'Este video está deshabilitado por un tiempo. Vuelve más tarde.',
          network: false,
        },
      ],
    },
  },
})
