import { describe, expect, it } from 'vitest'
import type { SocialAccount } from '../../contract/missions'
import { socialAccountMachine } from '../../machines/social-account/social-account.machine'
import { socialAccountEntry } from '../../machines/social-account/social-account.samples'
import {
  selectAccount,
  selectAccountStatus,
  selectInputError,
  selectIsVerified,
  selectLoadError,
  selectRejectionReason,
} from '../../machines/social-account/social-account.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const pending: SocialAccount = {
  id: 'a-1',
  type: 2,
  account: '@jugadordemo',
  state: 2,
  rejectionReason: null,
  createdAt: '2026-11-23T15:00:00.000Z',
}

/** A player whose account the staff rejected as a private profile. */
async function loadedRejected() {
  const harness = new MachineHarness(socialAccountMachine)
  await harness.resolve('loadAccount', { ...pending, state: 4, rejectionReason: 'Perfil privado' })
  return harness
}

describe('social account machine', () => {
  it('registers an account and sees it go from pending (2) to verified (3)', async () => {
    const harness = new MachineHarness(socialAccountMachine)
    await harness.resolve('loadAccount', null)
    harness.send({ type: 'account.edit' })
    harness.send({ type: 'account.submit', account: 'https://youtube.com/@JugadorDemo' })
    expect(harness.inputs.get('registerAccount')).toEqual({
      type: 2,
      account: 'https://youtube.com/@JugadorDemo',
    })
    await harness.resolve('registerAccount', pending)
    expect(selectAccountStatus(harness.snapshot)).toBe('pending')
    harness.advance(10_000)
    await harness.resolve('loadAccount', pending)
    expect(selectAccountStatus(harness.snapshot)).toBe('pending')
    harness.advance(10_000)
    await harness.resolve('loadAccount', { ...pending, state: 3 })
    expect(selectIsVerified(harness.snapshot)).toBe(true)
    expect(harness.emitted).toEqual([
      { type: 'account.verified', account: { ...pending, state: 3 } },
    ])
  })

  it("shows the server's words under the input and keeps the text being edited", async () => {
    const harness = new MachineHarness(socialAccountMachine)
    await harness.resolve('loadAccount', null)
    harness.send({ type: 'account.edit' })
    harness.send({ type: 'account.submit', account: '@tomada' })
    await harness.reject('registerAccount', {
      status: 409,
      message: 'Esa cuenta ya está registrada por otro jugador',
      network: false,
      data: { fields: { account: 'Esa cuenta ya está registrada por otro jugador' } },
    })
    expect(selectAccountStatus(harness.snapshot)).toBe('editing')
    expect(selectInputError(harness.snapshot)).toBe(
      'Esa cuenta ya está registrada por otro jugador',
    )
  })

  it('shows a rejection with its reason and lets the player register another', async () => {
    const harness = await loadedRejected()
    expect(selectRejectionReason(harness.snapshot)).toBe('Perfil privado')
    harness.send({ type: 'account.edit' })
    harness.send({ type: 'account.cancel' })
    expect(selectAccountStatus(harness.snapshot)).toBe('rejected')
  })

  it('shows no message under the input after a failed load was retried and found no account', async () => {
    const harness = new MachineHarness(socialAccountMachine)
    await harness.reject('loadAccount', {
      status: 500,
      message: 'No pudimos completar la solicitud',
      network: false,
    })
    expect(selectLoadError(harness.snapshot)).toBe('No pudimos completar la solicitud')
    harness.send({ type: 'account.retry' })
    await harness.resolve('loadAccount', null)
    harness.send({ type: 'account.edit' })
    expect(selectAccountStatus(harness.snapshot)).toBe('editing')
    expect(selectInputError(harness.snapshot)).toBeNull()
  })

  it('forgets a refused registration when a rejected player cancels, then edits again', async () => {
    const harness = await loadedRejected()
    harness.send({ type: 'account.edit' })
    harness.send({ type: 'account.submit', account: '@tomada' })
    await harness.reject('registerAccount', {
      status: 409,
      message: 'Esa cuenta ya está registrada por otro jugador',
      network: false,
    })
    harness.send({ type: 'account.cancel' })
    harness.send({ type: 'account.edit' })
    expect(selectAccountStatus(harness.snapshot)).toBe('editing')
    expect(selectInputError(harness.snapshot)).toBeNull()
  })

  it('shows a pending account as the server last answered it', async () => {
    const harness = new MachineHarness(socialAccountMachine)
    await harness.resolve('loadAccount', pending)
    harness.advance(10_000)
    // Registered again from another tab while this one waited: still pending, another handle.
    await harness.resolve('loadAccount', { ...pending, id: 'a-2', account: '@otrojugador' })
    expect(selectAccountStatus(harness.snapshot)).toBe('pending')
    expect(selectAccount(harness.snapshot)).toEqual({
      id: 'a-2',
      type: 2,
      account: '@otrojugador',
      state: 2,
      rejectionReason: null,
      createdAt: '2026-11-23T15:00:00.000Z',
    })
  })
})

describeMachinePaths(
  socialAccountEntry,
  {
    status: selectAccountStatus,
    inputError: selectInputError,
    loadError: selectLoadError,
    reason: selectRejectionReason,
    verified: selectIsVerified,
  },
  {
    loading: { status: 'loading', verified: false },
    loadFailed: { status: 'failed', loadError: someText },
    none: { status: 'none', inputError: null, verified: false },
    editing: { status: 'editing', verified: false },
    registering: { status: 'registering', inputError: null },
    pendingToCheck: { status: 'pending', verified: false },
    refreshing: { status: 'pending', verified: false },
    verified: { status: 'verified', verified: true, reason: null },
    rejected: { status: 'rejected', reason: someText, verified: false },
  },
)
