import { describe, expect, it } from 'vitest'
import { clipboardCopyMachine } from '../../machines/clipboard-copy/clipboard-copy.machine'
import { selectCopyStatus } from '../../machines/clipboard-copy/clipboard-copy.selectors'
import { MachineHarness } from './support/replay'
import { clipboardCopyEntry } from '../../machines/clipboard-copy/clipboard-copy.samples'
import { describeMachinePaths } from './support/describe-machine'

describe('clipboard copy machine', () => {
  it('copies the text and says so for 2 seconds', async () => {
    const harness = new MachineHarness(clipboardCopyMachine)
    harness.send({ type: 'copy.request', text: 'TERYDEMO' })
    expect(selectCopyStatus(harness.snapshot)).toBe('copying')
    expect(harness.inputs.get('writeClipboard')).toEqual({ text: 'TERYDEMO' })
    await harness.resolve('writeClipboard', undefined)
    expect(selectCopyStatus(harness.snapshot)).toBe('copied')
    harness.advance(1999)
    expect(selectCopyStatus(harness.snapshot)).toBe('copied')
    harness.advance(1)
    expect(selectCopyStatus(harness.snapshot)).toBe('idle')
  })

  it('says when the browser refused to copy', async () => {
    const harness = new MachineHarness(clipboardCopyMachine)
    harness.send({ type: 'copy.request', text: 'TERYDEMO' })
    await harness.reject('writeClipboard', new Error('denied'))
    expect(selectCopyStatus(harness.snapshot)).toBe('failed')
    harness.advance(2000)
    expect(selectCopyStatus(harness.snapshot)).toBe('idle')
  })
})

describeMachinePaths(
  clipboardCopyEntry,
  { status: selectCopyStatus },
  {
    idle: { status: 'idle' },
    copying: { status: 'copying' },
    copied: { status: 'copied' },
    failed: { status: 'failed' },
  },
)
