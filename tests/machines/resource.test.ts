import { describe, expect, it } from 'vitest'
import { createResourceMachine, NETWORK_RETRY_MS } from '../../machines/resource/resource.machine'
import {
  selectData,
  selectError,
  selectIsEmpty,
  selectIsLoading,
  selectPage,
  selectPagination,
  selectQuery,
} from '../../machines/resource/resource.selectors'
import { MachineHarness } from './support/replay'
import { resourceEntry } from '../../machines/resource/resource.samples'
import { describeMachinePaths, someText } from './support/describe-machine'
import { catalogueMessages } from '../../contract/messages'

type ChatLink = { link: string }

const noAnswer = { status: 400, message: 'Ocurrio un error al procesar la petición', network: true }

const pagination = { totalPages: 3, totalDocs: 25, limt: 10, page: 1 }

describe('resource machine', () => {
  it('loads page 1 at start and shows the data', async () => {
    const harness = new MachineHarness(createResourceMachine<ChatLink>())
    expect(selectIsLoading(harness.snapshot)).toBe(true)
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: {} })
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

  it("shows the server's refusal and loads again only when the player retries", async () => {
    const harness = new MachineHarness(createResourceMachine<ChatLink>())
    await harness.reject('load', { status: 500, message: 'Ocurrió un error', network: false })
    expect(selectError(harness.snapshot)).toBe('Ocurrió un error')
    harness.advance(10 * NETWORK_RETRY_MS)
    expect(selectIsLoading(harness.snapshot)).toBe(false)
    expect(selectError(harness.snapshot)).toBe('Ocurrió un error')
    harness.send({ type: 'resource.retry' })
    expect(selectIsLoading(harness.snapshot)).toBe(true)
    await harness.resolve('load', { data: { link: 'https://t.me/tery' } })
    expect(selectError(harness.snapshot)).toBeNull()
  })

  it('keeps the no-answer message while it tries again by itself, and shows the data once the server answers', async () => {
    const harness = new MachineHarness(createResourceMachine<ChatLink>())
    await harness.reject('load', noAnswer)
    expect(selectError(harness.snapshot)).toBe(noAnswer.message)
    harness.advance(NETWORK_RETRY_MS - 1)
    expect(harness.isWaiting('load')).toBe(false)
    harness.advance(1)
    // The retry runs behind the message: no spinner replaces it, so nothing flickers or is
    // announced again while the server stays away.
    expect(harness.isWaiting('load')).toBe(true)
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: {} })
    expect(selectIsLoading(harness.snapshot)).toBe(false)
    expect(selectError(harness.snapshot)).toBe(noAnswer.message)
    await harness.reject('load', noAnswer)
    harness.advance(NETWORK_RETRY_MS)
    await harness.resolve('load', { data: { link: 'https://t.me/tery' } })
    expect(selectError(harness.snapshot)).toBeNull()
    expect(selectData(harness.snapshot)).toEqual({ link: 'https://t.me/tery' })
  })

  it('goes to pages within the page count only', async () => {
    const harness = new MachineHarness(createResourceMachine<number[]>())
    await harness.resolve('load', { data: [1, 2], pagination })
    expect(selectPagination(harness.snapshot)).toEqual(pagination)
    harness.send({ type: 'page.go', page: 4 })
    expect(selectIsLoading(harness.snapshot)).toBe(false)
    harness.send({ type: 'page.go', page: 3 })
    expect(selectPage(harness.snapshot)).toBe(3)
    expect(harness.inputs.get('load')).toEqual({ page: 3, query: {} })
  })

  it('starts with the query the page gives it, and loads each new query from page 1', async () => {
    type Filter = { search?: string; penalty?: 'true' | 'false' }
    const harness = new MachineHarness(createResourceMachine<number[], Filter>(), {
      input: { query: { penalty: 'true' } },
    })
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: { penalty: 'true' } })
    await harness.resolve('load', { data: [1, 2], pagination })
    harness.send({ type: 'page.go', page: 2 })
    await harness.resolve('load', { data: [3], pagination: { ...pagination, page: 2 } })

    harness.send({ type: 'query.set', query: { search: 'ana' } })
    expect(selectIsLoading(harness.snapshot)).toBe(true)
    expect(selectQuery(harness.snapshot)).toEqual({ search: 'ana' })
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: { search: 'ana' } })
    await harness.resolve('load', { data: [], pagination: { ...pagination, totalDocs: 0 } })
    expect(selectIsEmpty(harness.snapshot)).toBe(true)

    // From an empty or failed list too: another filter may find something.
    harness.send({ type: 'query.set', query: {} })
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: {} })
    await harness.reject('load', { status: 500, message: 'Ocurrió un error', network: false })
    harness.send({ type: 'query.set', query: { search: 'camila' } })
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: { search: 'camila' } })
  })

  it('asks again at once for a query set while the list loads, so the left one never shows', async () => {
    const harness = new MachineHarness(createResourceMachine<string[]>())
    harness.send({ type: 'query.set', query: { search: 'ana' } })
    // The call for the first query was stopped: a fresh one asks for the new query.
    expect(harness.inputs.get('load')).toEqual({ page: 1, query: { search: 'ana' } })
    await harness.resolve('load', { data: ['Ana'] })
    expect(selectData(harness.snapshot)).toEqual(['Ana'])
  })
})

describeMachinePaths(
  resourceEntry,
  { loading: selectIsLoading, empty: selectIsEmpty, error: selectError, data: selectData },
  {
    'loading.waiting': { loading: true, empty: false, error: null },
    'loading.retrying': { loading: false, empty: false, error: catalogueMessages.network },
    loaded: { loading: false, empty: false, error: null, data: expect.anything() },
    empty: { loading: false, empty: true, error: null },
    failed: { loading: false, empty: false, error: someText },
    offline: { loading: false, empty: false, error: catalogueMessages.network },
  },
)
