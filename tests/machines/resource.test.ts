import { describe, expect, it } from 'vitest'
import { createResourceMachine } from '../../machines/resource/resource.machine'
import {
  selectData,
  selectError,
  selectIsEmpty,
  selectIsLoading,
  selectPage,
  selectPagination,
} from '../../machines/resource/resource.selectors'
import { MachineHarness } from './support/replay'
import { resourceEntry } from '../../machines/resource/resource.samples'
import { describeMachinePaths, someText } from './support/describe-machine'

type ChatLink = { link: string }

const pagination = { totalPages: 3, totalDocs: 25, limt: 10, page: 1 }

describe('resource machine', () => {
  it('loads page 1 at start and shows the data', async () => {
    const harness = new MachineHarness(createResourceMachine<ChatLink>())
    expect(selectIsLoading(harness.snapshot)).toBe(true)
    expect(harness.inputs.get('load')).toEqual({ page: 1 })
    await harness.resolve('load', { data: { link: 'https://t.me/tery' } })
    expect(selectData(harness.snapshot)).toEqual({ link: 'https://t.me/tery' })
  })

  it('says when there is nothing to show', async () => {
    const harness = new MachineHarness(createResourceMachine<unknown[]>())
    await harness.resolve('load', {
      data: [],
      pagination: { totalPages: 0, totalDocs: 0, limt: 10, page: 1 },
    })
    expect(selectIsEmpty(harness.snapshot)).toBe(true)
  })

  it('shows the failure message and loads again on retry', async () => {
    const harness = new MachineHarness(createResourceMachine<ChatLink>())
    await harness.reject('load', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(selectError(harness.snapshot)).toBe('Ocurrio un error al procesar la petición')
    harness.send({ type: 'resource.retry' })
    expect(selectIsLoading(harness.snapshot)).toBe(true)
    await harness.resolve('load', { data: { link: 'https://t.me/tery' } })
    expect(selectError(harness.snapshot)).toBeNull()
  })

  it('goes to pages within the page count only', async () => {
    const harness = new MachineHarness(createResourceMachine<number[]>())
    await harness.resolve('load', { data: [1, 2], pagination })
    expect(selectPagination(harness.snapshot)).toEqual(pagination)
    harness.send({ type: 'page.go', page: 4 })
    expect(selectIsLoading(harness.snapshot)).toBe(false)
    harness.send({ type: 'page.go', page: 3 })
    expect(selectPage(harness.snapshot)).toBe(3)
    expect(harness.inputs.get('load')).toEqual({ page: 3 })
  })
})

describeMachinePaths(
  resourceEntry,
  { loading: selectIsLoading, empty: selectIsEmpty, error: selectError, data: selectData },
  {
    loading: { loading: true, empty: false, error: null },
    loaded: { loading: false, empty: false, error: null, data: expect.anything() },
    empty: { loading: false, empty: true, error: null },
    failed: { loading: false, empty: false, error: someText },
  },
)
