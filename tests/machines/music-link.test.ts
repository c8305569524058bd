import { describe, expect, it } from 'vitest'
import { musicLinkMachine } from '../../machines/music-link/music-link.machine'
import { musicLinkEntry, sampleMusic } from '../../machines/music-link/music-link.samples'
import {
  selectClaimed,
  selectIsStrikeShown,
  selectLastSync,
  selectMusicError,
  selectMusicStep,
  selectRefusal,
  selectSyncStage,
} from '../../machines/music-link/music-link.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const balances = { terycarbons: 2528, gems: 340, voltaCharge: 120, terydollars: 25 }

async function linked() {
  const harness = new MachineHarness(musicLinkMachine)
  await harness.resolve('checkAccess', { allowed: true, reason: null, status: sampleMusic.linked })
  return harness
}

describe('music-link machine', () => {
  it('shows the VPN warning to a refused device, and checks again on retry', async () => {
    const harness = new MachineHarness(musicLinkMachine)
    await harness.resolve('checkAccess', {
      allowed: false,
      reason: 'sharedDevice',
      status: sampleMusic.linked,
    })
    expect(selectMusicStep(harness.snapshot)).toBe('vpnWarning')
    expect(selectRefusal(harness.snapshot)).toBe('sharedDevice')
    harness.send({ type: 'music.sync' })
    expect(harness.isWaiting('syncPlays')).toBe(false)
    harness.send({ type: 'access.retry' })
    expect(harness.isWaiting('checkAccess')).toBe(true)
  })

  it('links: the email is saved, then the browser is sent to authorize', async () => {
    const harness = new MachineHarness(musicLinkMachine)
    await harness.resolve('checkAccess', {
      allowed: true,
      reason: null,
      status: sampleMusic.unlinked,
    })
    expect(selectMusicStep(harness.snapshot)).toBe('email')
    harness.send({ type: 'link.start' })
    expect(harness.isWaiting('startLink')).toBe(false)
    harness.send({ type: 'email.submit', email: 'ana@musica.example' })
    expect(harness.inputs.get('saveEmail')).toEqual({ email: 'ana@musica.example' })
    await harness.resolve('saveEmail', sampleMusic.emailSaved)
    expect(selectMusicStep(harness.snapshot)).toBe('ready')
    harness.send({ type: 'link.start' })
    await harness.resolve('startLink', { url: 'https://accounts.spotify.com/authorize?state=x' })
    expect(harness.emitted).toEqual([
      { type: 'music.redirect', url: 'https://accounts.spotify.com/authorize?state=x' },
    ])
    expect(selectMusicStep(harness.snapshot)).toBe('linking')
  })

  it('syncs in three steps, then offers the accumulated reward', async () => {
    const harness = await linked()
    harness.send({ type: 'music.sync' })
    expect(selectSyncStage(harness.snapshot)).toBe('importing')
    await harness.resolve('syncPlays', { imported: 16, status: sampleMusic.linked })
    expect(selectSyncStage(harness.snapshot)).toBe('auditing')
    await harness.resolve('auditPlays', {
      accepted: 14,
      rejected: 2,
      strike: false,
      status: sampleMusic.linked,
    })
    expect(selectSyncStage(harness.snapshot)).toBe('accumulating')
    await harness.resolve('accumulateReward', sampleMusic.withReward)
    expect(selectMusicStep(harness.snapshot)).toBe('claimable')
    expect(selectLastSync(harness.snapshot)).toEqual({ imported: 16, accepted: 14, rejected: 2 })
    expect(harness.emitted).toEqual([{ type: 'plays.changed' }])
  })

  it('claims the amount shown and updates the balances', async () => {
    const harness = new MachineHarness(musicLinkMachine)
    await harness.resolve('checkAccess', {
      allowed: true,
      reason: null,
      status: sampleMusic.withReward,
    })
    harness.send({ type: 'reward.claim' })
    expect(harness.inputs.get('claimReward')).toEqual({ amount: 28 })
    const reward = { currency: 'terycarbons', amount: 28 } as const
    await harness.resolve('claimReward', { reward, status: sampleMusic.linked, balances })
    expect(selectClaimed(harness.snapshot)).toEqual(reward)
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      { type: 'plays.changed' },
    ])
  })

  it('syncs again when the reward changed before the claim', async () => {
    const harness = new MachineHarness(musicLinkMachine)
    await harness.resolve('checkAccess', {
      allowed: true,
      reason: null,
      status: sampleMusic.withReward,
    })
    harness.send({ type: 'reward.claim' })
    await harness.reject('claimReward', {
      status: 409,
      message: 'Tu recompensa cambió. Revisa el nuevo monto y vuelve a reclamar.',
      network: false,
    })
    expect(selectSyncStage(harness.snapshot)).toBe('importing')
    expect(harness.emitted).toEqual([
      {
        type: 'toast.show',
        message: 'Tu recompensa cambió. Revisa el nuevo monto y vuelve a reclamar.',
      },
    ])
  })

  it('shows a strike notice until the player reads it, whatever the section does', async () => {
    const harness = await linked()
    harness.send({ type: 'music.sync' })
    await harness.resolve('syncPlays', { imported: 30, status: sampleMusic.linked })
    await harness.resolve('auditPlays', {
      accepted: 0,
      rejected: 30,
      strike: true,
      status: sampleMusic.withStrike,
    })
    expect(selectIsStrikeShown(harness.snapshot)).toBe(true)
    await harness.resolve('accumulateReward', sampleMusic.withStrike)
    expect(selectMusicStep(harness.snapshot)).toBe('linked')
    harness.send({ type: 'strike.acknowledge' })
    await harness.resolve('acknowledgeStrike', sampleMusic.linked)
    expect(selectIsStrikeShown(harness.snapshot)).toBe(false)
  })

  it('checks access again when the server refuses the device mid-sync', async () => {
    const harness = await linked()
    harness.send({ type: 'music.sync' })
    await harness.reject('syncPlays', {
      status: 403,
      message: 'Desactiva tu VPN o proxy para usar la sección de música',
      network: false,
    })
    expect(harness.isWaiting('checkAccess')).toBe(true)
  })
})

describeMachinePaths(
  musicLinkEntry,
  {
    step: selectMusicStep,
    stage: selectSyncStage,
    refusal: selectRefusal,
    claimed: selectClaimed,
    error: selectMusicError,
    strike: selectIsStrikeShown,
  },
  {
    'section.checkingAccess': { step: 'loading' },
    'section.failed': { step: 'failed', error: someText },
    'section.vpnWarning': { step: 'vpnWarning', refusal: 'proxy' },
    'section.unlinked.email': { step: 'email' },
    'section.unlinked.savingEmail': { step: 'savingEmail', error: null },
    'section.unlinked.ready': { step: 'ready' },
    'section.linking': { step: 'linking', error: null },
    'section.redirecting': { step: 'linking' },
    'section.linked': { step: 'linked', stage: null },
    'section.syncing.importing': { step: 'syncing', stage: 'importing' },
    'section.syncing.auditing': { step: 'syncing', stage: 'auditing' },
    'section.syncing.accumulating': { step: 'syncing', stage: 'accumulating' },
    'section.claimable': { step: 'claimable' },
    'section.claiming': { step: 'claiming', error: null },
    'section.claimed': { step: 'claimed', claimed: { currency: 'terycarbons', amount: 28 } },
    'strike.hidden': { strike: false },
    'strike.shown': { strike: true },
    'strike.acknowledging': { strike: true },
  },
)
