import { describe, expect, it } from 'vitest'
import type { VideoCheck, VideoMission } from '../../contract/missions'
import { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import { videoMissionEntry } from '../../machines/video-mission/video-mission.samples'
import {
  selectCanFinish,
  selectCanRestart,
  selectCanRetry,
  selectEnabledAt,
  selectSecondsLeft,
  selectSecondsUntilEnabled,
  selectShowsClip,
  selectVideoError,
  selectVideoStatus,
} from '../../machines/video-mission/video-mission.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const video: VideoMission = {
  id: 'v-1',
  title: 'La mina en cinco segundos',
  description: '',
  src: '/media/tery-mina.webm',
  durationSeconds: 5,
  reward: { kind: 'TERYCARBONS', amount: 20 },
  playlistId: null,
  volta: 0,
  status: 'available',
  secondsUntilEnabled: null,
  enabledAt: null,
}
const available: VideoCheck = { video, view: null }
const view = { missionVideoViewId: 'view-1', keyToClaim: 'k'.repeat(43), secondsLeft: 5 }

/** Lets whole seconds pass, one tick at a time, as the browser's clock would. */
function seconds(harness: MachineHarness<typeof videoMissionMachine>, count: number) {
  for (let second = 0; second < count; second += 1) harness.advance(1000)
}

async function ready() {
  const harness = new MachineHarness(videoMissionMachine)
  await harness.resolve('checkVideo', available)
  return harness
}

describe('video mission machine', () => {
  it('plays from this device, counts the whole time, then finishes with the view’s key', async () => {
    const harness = await ready()
    expect(selectVideoStatus(harness.snapshot)).toBe('ready')
    harness.send({ type: 'video.play' })
    await harness.resolve('playVideo', view)
    expect(selectVideoStatus(harness.snapshot)).toBe('playing')
    expect(selectSecondsLeft(harness.snapshot)).toBe(5)
    seconds(harness, 4)
    expect(selectSecondsLeft(harness.snapshot)).toBe(1)
    expect(selectCanFinish(harness.snapshot)).toBe(false)
    seconds(harness, 1)
    expect(selectVideoStatus(harness.snapshot)).toBe('claimable')
    harness.send({ type: 'video.finish' })
    expect(harness.inputs.get('finishVideo')).toEqual({
      viewId: 'view-1',
      keyToClaim: view.keyToClaim,
    })
    const balances = { terycarbons: 120, gems: 0, voltaCharge: 0, terydollars: 0 }
    await harness.resolve('finishVideo', {
      video: { ...video, status: 'finished' },
      reward: video.reward,
      volta: 0,
      playlist: null,
      balances,
    })
    expect(selectVideoStatus(harness.snapshot)).toBe('finished')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      {
        type: 'video.finished',
        title: video.title,
        reward: video.reward,
        volta: 0,
        playlist: null,
      },
    ])
  })

  it('stops counting while the clip is paused, and starts over on restart with the new key', async () => {
    const harness = await ready()
    harness.send({ type: 'video.play' })
    await harness.resolve('playVideo', view)
    seconds(harness, 2)
    harness.send({ type: 'video.pause' })
    seconds(harness, 10)
    expect(selectSecondsLeft(harness.snapshot)).toBe(3)
    harness.send({ type: 'video.resume' })
    seconds(harness, 1)
    expect(selectSecondsLeft(harness.snapshot)).toBe(2)

    expect(selectCanRestart(harness.snapshot)).toBe(true)
    harness.send({ type: 'video.restart' })
    expect(harness.inputs.get('restartVideo')).toEqual({ viewId: 'view-1' })
    await harness.resolve('restartVideo', { ...view, keyToClaim: 'n'.repeat(43) })
    expect(selectSecondsLeft(harness.snapshot)).toBe(5)
    seconds(harness, 5)
    harness.send({ type: 'video.finish' })
    expect(harness.inputs.get('finishVideo')).toEqual({
      viewId: 'view-1',
      keyToClaim: 'n'.repeat(43),
    })
  })

  it('waits until the time the server gave a disabled video, then asks again', async () => {
    const harness = new MachineHarness(videoMissionMachine)
    await harness.resolve('checkVideo', {
      video: {
        ...video,
        status: 'disabled',
        secondsUntilEnabled: 3,
        enabledAt: '2026-11-20T15:00:03.000Z',
      },
      view: null,
    })
    expect(selectVideoStatus(harness.snapshot)).toBe('disabled')
    expect(selectEnabledAt(harness.snapshot)).toBe('2026-11-20T15:00:03.000Z')
    expect(selectSecondsUntilEnabled(harness.snapshot)).toBe(3)
    harness.advance(2999)
    expect(selectVideoStatus(harness.snapshot)).toBe('disabled')
    harness.advance(1)
    expect(selectVideoStatus(harness.snapshot)).toBe('checking')
    expect(selectEnabledAt(harness.snapshot)).toBeNull()
    expect(selectSecondsUntilEnabled(harness.snapshot)).toBe(0)
  })

  it('resumes an open view where the server says it is', async () => {
    const harness = new MachineHarness(videoMissionMachine)
    await harness.resolve('checkVideo', {
      video: { ...video, status: 'playing' },
      view: { ...view, secondsLeft: 2 },
    })
    expect(selectSecondsLeft(harness.snapshot)).toBe(2)
    seconds(harness, 2)
    expect(selectVideoStatus(harness.snapshot)).toBe('claimable')
  })
})

describeMachinePaths(
  videoMissionEntry,
  {
    status: selectVideoStatus,
    clip: selectShowsClip,
    error: selectVideoError,
    finish: selectCanFinish,
    restart: selectCanRestart,
    retry: selectCanRetry,
  },
  {
    checking: { status: 'checking', clip: false, error: null },
    checkFailed: { status: 'failed', error: someText, retry: true },
    temporarilyDisabled: { status: 'disabled', clip: false, finish: false },
    ready: { status: 'ready', clip: false, finish: false },
    starting: { status: 'starting', clip: false },
    startFailed: { status: 'failed', error: someText, retry: true },
    accessDenied: { status: 'accessDenied', error: someText, retry: false },
    'playing.watching': { status: 'playing', clip: true, finish: false, restart: true },
    'playing.paused': { status: 'paused', clip: true, finish: false, restart: true },
    restarting: { status: 'restarting', clip: false },
    claimable: { status: 'claimable', clip: true, finish: true, restart: false },
    finishing: { status: 'finishing', clip: true, finish: false },
    finishFailed: { status: 'failed', error: someText, finish: true, retry: true },
    finished: { status: 'finished', clip: false, finish: false, error: null },
  },
)
