import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { metaTypes } from '../shared/meta'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import { notProvided } from '../shared/not-provided'
import type { LiveEventType } from '../../contract/live'

/** The spec's list pagination (`limt` is the page size, spelt this way by the API). */
export type Pagination = { totalPages: number; totalDocs: number; limt: number; page: number }

/** What the `load` actor answers: the data, and the pagination of a paged list. */
export type ResourceResult<TData = unknown> = { data: TData; pagination?: Pagination }

/** The same answer, named for paged lists. */
export type ResourcePage<TData = unknown> = ResourceResult<TData>

/**
 * What a list is asked for besides its page: its filters, search or tab, as the page's URL
 * carries them (`?buscar=`). Every field is optional: none asks for the whole list.
 */
export type ResourceQuery<TQuery extends object = Record<string, string>> = Partial<TQuery>

export type ResourceContext<TData = unknown, TQuery extends object = Record<string, string>> = {
  /** The page being shown or loaded, from 1. */
  page: number
  /** The list's query: the page's URL gives the first, `query.set` the next ones. */
  query: ResourceQuery<TQuery>
  data: TData | null
  pagination: Pagination | null
  error: string | null
}

export type ResourceEvent<TQuery extends object = Record<string, string>> =
  | { type: 'resource.retry' }
  | { type: 'resource.reload' }
  | { type: 'page.go'; page: number }
  /** The player applied other filters (or another search, or tab): the list loads them. */
  | { type: 'query.set'; query: ResourceQuery<TQuery> }
  // What the live stream passes on: a loader reloads on those of its `reloadOn`, and on
  // `live.reload` (the stream could not say what changed while it was away) when it has any.
  | { [K in LiveEventType | 'live.reload']: { type: K } }[LiveEventType | 'live.reload']

/** Nothing to show: no data, an empty list, or a page count of zero documents. */
function isEmptyData<TData>(result: ResourceResult<TData>): boolean {
  if (result.pagination !== undefined && result.pagination.totalDocs === 0) return true
  if (result.data === null || result.data === undefined) return true
  return Array.isArray(result.data) && result.data.length === 0
}

/**
 * How long the loader waits after the server could not be reached before it tries again by
 * itself, so a screen comes back when the API does without the player doing anything.
 */
export const NETWORK_RETRY_MS = 5_000

/**
 * What a page starts a list with: the query its URL carries. `void` rather than `undefined`:
 * setup() drops `undefined` from an input type, and xstate then requires an input wherever the
 * loader is invoked or started (the app's configuration, every plain GET), though none is needed.
 */
export type ResourceInput<TQuery extends object = Record<string, string>> =
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- see above
  { query?: ResourceQuery<TQuery> } | void

/**
 * Builds the loader for one kind of data, so `load` is typed with what the caller's actor
 * answers: `createResourceMachine<GameConfig>('config').provide({ actors: { load } })`. The id
 * names what it loads (tests find the actor and give it fakes by that id). A list with filters
 * names their type too (`createResourceMachine<TeamMember[], TeamFilter>`): the machine keeps
 * the query and hands it to `load` with the page.
 */
export function createResourceMachine<TData, TQuery extends object = Record<string, string>>(
  id = 'resource',
  {
    reloadOn = [],
  }: {
    /** Live events that change what it shows: the data loads again when one arrives. */
    reloadOn?: readonly LiveEventType[]
  } = {},
) {
  const liveReloads = Object.fromEntries(
    (reloadOn.length === 0 ? [] : [...reloadOn, 'live.reload' as const]).map((type) => [
      type,
      {
        target: 'loading',
        description:
          type === 'live.reload'
            ? 'The live stream missed too much to say what changed: it loads again.'
            : `What it shows changed on the server (live: ${type}): it loads again.`,
      },
    ]),
  ) as Partial<Record<LiveEventType | 'live.reload', { target: 'loading'; description: string }>>
  const setQuery = {
    target: 'loading',
    actions: 'setQuery',
    description: 'The player applies other filters: the list loads them from page 1.',
    meta: { requirements: ['REQ-LIST-5'] },
  } as const
  return setup({
    types: {
      context: {} as ResourceContext<TData, TQuery>,
      events: {} as ResourceEvent<TQuery>,
      input: {} as ResourceInput<TQuery>,
      ...metaTypes,
    },
    actors: {
      load: fromPromise<ResourceResult<TData>, { page: number; query: ResourceQuery<TQuery> }>(
        async () => notProvided('load'),
      ),
    },
    guards: {
      isEmptyResult: (_, params: ResourceResult<TData>) => isEmptyData(params),
      isNetworkFailure: (_, params: RequestFailure) => params.network,
      canGoToPage: ({ context, event }) => {
        assertEvent(event, 'page.go')
        const totalPages = context.pagination?.totalPages ?? 1
        return Number.isInteger(event.page) && event.page >= 1 && event.page <= totalPages
      },
    },
    actions: {
      setResult: assign((_, params: ResourceResult<TData>) => ({
        data: params.data,
        pagination: params.pagination ?? null,
        error: null,
      })),
      setError: assign((_, params: RequestFailure) => ({ error: params.message })),
      setPage: assign(({ event }) => {
        assertEvent(event, 'page.go')
        return { page: event.page }
      }),
      setQuery: assign(({ event }) => {
        assertEvent(event, 'query.set')
        return { query: event.query, page: 1 }
      }),
    },
    delays: {
      /** After no answer, the wait before the loader tries again by itself. */
      networkRetry: NETWORK_RETRY_MS,
    },
  }).createMachine({
    id,
    description:
      'The one loader for plain GETs and paged lists (chat link, config, lists): loading, loaded, empty or failed, with retry, reload and paging; when the server cannot be reached it tries again by itself.',
    initial: 'loading',
    context: ({ input }) => ({
      page: 1,
      query: (input ? input.query : undefined) ?? {},
      data: null,
      pagination: null,
      error: null,
    }),
    states: {
      loading: {
        description: 'Waiting for the server to send the data (or the requested page).',
        on: {
          // Entered again, so the answer for the filters the player left is never shown.
          'query.set': { ...setQuery, reenter: true },
        },
        initial: 'waiting',
        states: {
          waiting: {
            description:
              'A spinner shows: the first load, a reload, another page or the player pressed retry.',
          },
          retrying: {
            description:
              'Trying again by itself after no answer; the no-answer message stays on screen meanwhile.',
          },
        },
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ page: context.page, query: context.query }),
          onDone: [
            {
              guard: { type: 'isEmptyResult', params: ({ event }) => event.output },
              target: 'empty',
              actions: { type: 'setResult', params: ({ event }) => event.output },
              description: 'The server answered with nothing to show.',
              meta: { requirements: ['REQ-LIST-3'] },
            },
            {
              target: 'loaded',
              actions: { type: 'setResult', params: ({ event }) => event.output },
              description: 'The server answered with data.',
              meta: { requirements: ['REQ-LIST-1'] },
            },
          ],
          onError: [
            {
              guard: withFailure('isNetworkFailure'),
              target: 'offline',
              actions: withFailure('setError'),
              description: 'The server could not be reached; the no-answer message is shown.',
              meta: { requirements: ['REQ-LIST-2', 'REQ-LIST-4'] },
            },
            {
              target: 'failed',
              actions: withFailure('setError'),
              description: 'The server refused the call; its message is shown.',
              meta: { requirements: ['REQ-LIST-2'] },
            },
          ],
        },
      },
      loaded: {
        description: 'The data (or the current page) is shown.',
        on: {
          ...liveReloads,
          'query.set': setQuery,
          'resource.reload': { target: 'loading', description: 'The view asks for fresh data.' },
          'page.go': {
            guard: 'canGoToPage',
            target: 'loading',
            actions: 'setPage',
            description: 'The player picks another page within the page count.',
            meta: { requirements: ['REQ-LIST-1'] },
          },
        },
      },
      empty: {
        description: 'There is nothing to show (an empty list).',
        on: {
          ...liveReloads,
          'query.set': setQuery,
          'resource.reload': { target: 'loading', description: 'The view asks for fresh data.' },
        },
      },
      failed: {
        description: 'The server refused the call: its message and a retry are shown.',
        on: {
          'resource.retry': {
            target: 'loading',
            description: 'The player presses retry.',
            meta: { requirements: ['REQ-LIST-2'] },
          },
          'resource.reload': { target: 'loading', description: 'The view asks for fresh data.' },
          'query.set': setQuery,
        },
      },
      offline: {
        description:
          'The server could not be reached: the no-answer message and a retry are shown until it answers again.',
        after: {
          networkRetry: {
            target: 'loading.retrying',
            description: 'A few seconds passed: the loader tries again by itself.',
            meta: { requirements: ['REQ-LIST-4'] },
          },
        },
        on: {
          'resource.retry': {
            target: 'loading',
            description: 'The player presses retry without waiting.',
            meta: { requirements: ['REQ-LIST-2'] },
          },
          'resource.reload': { target: 'loading', description: 'The view asks for fresh data.' },
          'query.set': setQuery,
        },
      },
    },
  })
}

/**
 * The loader with untyped data: the registry's instance, for diagrams and path tests, reloading on
 * a live event as the trading board's does.
 */
export const resourceMachine = createResourceMachine<unknown>('resource', {
  reloadOn: ['board.changed'],
})
