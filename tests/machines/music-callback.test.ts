import { describe, expect, it } from 'vitest'
import { musicCallbackMachine } from '../../machines/music-callback/music-callback.machine'
import { musicCallbackEntry } from '../../machines/music-callback/music-callback.samples'
import {
  selectCallbackError,
  selectCanRetry,
  selectIsCompleting,
} from '../../machines/music-callback/music-callback.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('music-callback machine', () => {
  it('finishes linking and takes the player back to /music', async () => {
    const harness = new MachineHarness(musicCallbackMachine)
    expect(harness.isWaiting('completeLink')).toBe(true)
    await harness.resolve('completeLink', { url: '/music' })
    expect(harness.emitted).toEqual([
      { type: 'toast.show', message: '¡Tu cuenta de música quedó vinculada!' },
      { type: 'navigate', to: '/music', replace: true },
    ])
  })

  it('offers a retry only when the server did not answer', async () => {
    const harness = new MachineHarness(musicCallbackMachine)
    await harness.reject('completeLink', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(selectCanRetry(harness.snapshot)).toBe(true)
    harness.send({ type: 'link.retry' })
    await harness.reject('completeLink', {
      status: 400,
      message: 'No autorizaste la vinculación de tu cuenta de música',
      network: false,
    })
    expect(selectCanRetry(harness.snapshot)).toBe(false)
    expect(selectCallbackError(harness.snapshot)).toBe(
      'No autorizaste la vinculación de tu cuenta de música',
    )
  })
})

describeMachinePaths(
  musicCallbackEntry,
  { completing: selectIsCompleting, error: selectCallbackError, canRetry: selectCanRetry },
  {
    completing: { completing: true, error: null },
    unreachable: { completing: false, error: someText, canRetry: true },
    refused: { completing: false, error: someText, canRetry: false },
    linked: { completing: true, error: null },
  },
)
