import { describe, expect, it } from 'vitest'
import type { Mission } from '../../contract/missions'
import { missionTileMachine } from '../../machines/mission-tile/mission-tile.machine'
import { missionTileEntry } from '../../machines/mission-tile/mission-tile.samples'
import {
  selectCanRetry,
  selectMission,
  selectShowsLink,
  selectTileMessage,
  selectTileStatus,
} from '../../machines/mission-tile/mission-tile.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const mission: Mission = {
  id: 'm-1',
  type: 5,
  title: 'Sigue a @terygame en TikTok',
  description: 'Entra al perfil y pulsa «Seguir».',
  link: 'https://www.tiktok.com/@terygame',
  reward: { kind: 'GEMS', amount: 10 },
  state: 'pending',
  source: 'player',
}
const balances = { terycarbons: 100, gems: 10, voltaCharge: 0, terydollars: 0 }

/** A tile as the page starts it: with the mission the list shows as its input. */
function tile(state: Mission['state'] = 'pending') {
  return new MachineHarness(missionTileMachine, { input: { mission: { ...mission, state } } })
}

describe('mission tile machine', () => {
  it('starts where the list says the player is with the mission', () => {
    expect(selectTileStatus(tile('pending').snapshot)).toBe('pending')
    expect(selectTileStatus(tile('added').snapshot)).toBe('added')
    expect(selectTileStatus(tile('claimable').snapshot)).toBe('claimable')
    expect(selectTileStatus(tile('claimed').snapshot)).toBe('claimed')
    expect(selectMission(tile('added').snapshot)).toEqual({ ...mission, state: 'added' })
  })

  it('takes the mission with the device it was given', () => {
    const harness = new MachineHarness(missionTileMachine, {
      input: { mission, deviceId: 'device-1' },
    })
    harness.send({ type: 'mission.add' })
    expect(harness.inputs.get('addMission')).toEqual({ missionId: 'm-1', deviceId: 'device-1' })
  })

  it('waits, showing nothing, until it has a mission, then starts from the one the list sends', () => {
    const harness = new MachineHarness(missionTileMachine)
    expect(selectTileStatus(harness.snapshot)).toBe('loading')
    harness.send({ type: 'mission.sync', mission: { ...mission, state: 'claimable' } })
    expect(selectTileStatus(harness.snapshot)).toBe('claimable')
  })

  it('takes, checks (not yet, then yes) and claims, paying once and telling the layout', async () => {
    const harness = tile()
    harness.send({ type: 'mission.add' })
    expect(harness.inputs.get('addMission')).toEqual({ missionId: 'm-1', deviceId: '' })
    await harness.resolve('addMission', {
      mission: { ...mission, state: 'added' },
      remainingToday: 2,
    })
    expect(selectShowsLink(harness.snapshot)).toBe(true)
    expect(harness.emitted).toEqual([{ type: 'mission.added', remainingToday: 2 }])

    harness.send({ type: 'mission.check' })
    await harness.resolve('checkMission', {
      mission: { ...mission, state: 'added' },
      message: 'Aún no vemos tu acción en TikTok. Vuelve a verificar en 4 segundos.',
      retryInSeconds: 4,
    })
    expect(selectTileStatus(harness.snapshot)).toBe('added')
    expect(selectTileMessage(harness.snapshot)).toContain('Aún no vemos tu acción')

    harness.send({ type: 'mission.check' })
    await harness.resolve('checkMission', {
      mission: { ...mission, state: 'claimable' },
      message: null,
      retryInSeconds: 0,
    })
    harness.send({ type: 'mission.claim' })
    harness.send({ type: 'mission.claim' })
    await harness.resolve('claimMission', {
      mission: { id: 'm-1', title: mission.title },
      reward: mission.reward,
      balances,
    })
    expect(selectTileStatus(harness.snapshot)).toBe('claimed')
    expect(selectMission(harness.snapshot)?.state).toBe('claimed')
    expect(harness.emitted.slice(1)).toEqual([
      { type: 'balances.changed', balances },
      { type: 'mission.claimed', title: mission.title, reward: mission.reward },
    ])
    expect(harness.isWaiting('claimMission')).toBe(false)
  })

  it('shows the access denial and the daily cap apart from other failures', async () => {
    const denied = tile()
    denied.send({ type: 'mission.add' })
    await denied.reject('addMission', {
      status: 403,
      message: 'Necesitas una cuenta',
      network: false,
    })
    expect(selectTileStatus(denied.snapshot)).toBe('accessDenied')
    expect(selectTileMessage(denied.snapshot)).toBe('Necesitas una cuenta')

    const capped = tile()
    capped.send({ type: 'mission.add' })
    await capped.reject('addMission', { status: 429, message: 'Vuelve mañana', network: false })
    expect(selectTileStatus(capped.snapshot)).toBe('dailyCap')
    expect(selectCanRetry(capped.snapshot)).toBe(false)

    const failed = tile()
    failed.send({ type: 'mission.add' })
    await failed.reject('addMission', { status: 400, message: 'Sin respuesta', network: true })
    expect(selectTileStatus(failed.snapshot)).toBe('failed')
    failed.send({ type: 'mission.retry' })
    expect(failed.isWaiting('addMission')).toBe(true)
  })

  it('ignores a second sync once the tile shows its mission', () => {
    const harness = tile('claimable')
    harness.send({ type: 'mission.sync', mission })
    expect(selectTileStatus(harness.snapshot)).toBe('claimable')
  })

  it('shows the mission as a “not yet” answer has it, not as the list had it', async () => {
    const harness = tile('added')
    harness.send({ type: 'mission.check' })
    // The operator edited the mission's words while the player was on it.
    await harness.resolve('checkMission', {
      mission: { ...mission, state: 'added', title: 'Sigue a @tery en TikTok' },
      message: 'Aún no vemos tu acción en TikTok. Vuelve a verificar en 4 segundos.',
      retryInSeconds: 4,
    })
    expect(selectMission(harness.snapshot)?.title).toBe('Sigue a @tery en TikTok')
  })
})

const shows = (status: string, extra: Record<string, unknown> = {}) => ({ status, ...extra })

describeMachinePaths(
  missionTileEntry,
  {
    status: selectTileStatus,
    message: selectTileMessage,
    link: selectShowsLink,
    retry: selectCanRetry,
  },
  {
    waiting: shows('loading', { link: false }),
    pending: shows('pending', { message: null, link: false, retry: false }),
    adding: shows('adding', { link: false }),
    addFailed: shows('failed', { message: someText, retry: true }),
    accessDenied: shows('accessDenied', { message: someText, retry: true }),
    dailyCapReached: shows('dailyCap', { message: someText, retry: false }),
    added: shows('added', { link: true }),
    checking: shows('checking', { message: null, link: true }),
    checkFailed: shows('failed', { message: someText, link: true, retry: true }),
    claimable: shows('claimable', { message: null, link: true }),
    claiming: shows('claiming', { link: true }),
    claimFailed: shows('failed', { message: someText, retry: true }),
    claimed: shows('claimed', { message: null, link: false }),
  },
)
