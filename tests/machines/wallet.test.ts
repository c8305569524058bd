import { describe, expect, it } from 'vitest'
import { walletMachine } from '../../machines/wallet/wallet.machine'
import { walletEntry } from '../../machines/wallet/wallet.samples'
import {
  selectAddressError,
  selectHasSaved,
  selectIsSaving,
  selectOpenMethod,
  selectShowsCryptoAdvice,
} from '../../machines/wallet/wallet.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('wallet machine', () => {
  it('saves the address for the method chosen and hands the app the wallets', async () => {
    const harness = new MachineHarness(walletMachine)
    harness.send({ type: 'wallet.add', method: 'nequi' })
    expect(selectOpenMethod(harness.snapshot)).toBe('nequi')
    expect(selectShowsCryptoAdvice(harness.snapshot)).toBe(false)
    harness.send({ type: 'wallet.save', address: '3001234567' })
    expect(harness.inputs.get('saveWallet')).toEqual({ method: 'nequi', address: '3001234567' })
    const wallets = [
      { method: 'nequi' as const, address: '3001234567', updatedAt: '2026-11-23T15:00:00.000Z' },
    ]
    await harness.resolve('saveWallet', wallets)
    expect(selectHasSaved(harness.snapshot)).toBe(true)
    expect(harness.emitted).toEqual([
      { type: 'wallets.changed', wallets },
      { type: 'toast.show', message: 'Billetera guardada' },
    ])
  })

  it('shows the crypto advice for bitcoin and USDT, and the server’s refusal under the field', async () => {
    const harness = new MachineHarness(walletMachine)
    harness.send({ type: 'wallet.add', method: 'usdt' })
    expect(selectShowsCryptoAdvice(harness.snapshot)).toBe(true)
    harness.send({ type: 'wallet.save', address: 'T123' })
    await harness.reject('saveWallet', {
      status: 400,
      message: 'Dirección de USDT (red TRON, TRC20) no válida',
      network: false,
      data: { fields: { address: 'Dirección de USDT (red TRON, TRC20) no válida' } },
    })
    expect(selectAddressError(harness.snapshot)).toBe(
      'Dirección de USDT (red TRON, TRC20) no válida',
    )
    harness.send({ type: 'wallet.cancel' })
    expect(selectOpenMethod(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  walletEntry,
  {
    method: selectOpenMethod,
    cryptoAdvice: selectShowsCryptoAdvice,
    saving: selectIsSaving,
    saved: selectHasSaved,
  },
  {
    closed: { method: null, saving: false, saved: false },
    editing: { method: 'btc', cryptoAdvice: true, saving: false },
    saving: { method: 'btc', saving: true },
    saved: { method: null, saved: true },
  },
)
