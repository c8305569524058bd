import { createRoot } from 'react-dom/client'
import { useActorRef } from '@xstate/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { fromPromise } from 'xstate'
import { createResourceMachine, type ResourcePage } from '../../machines/resource/resource.machine'
import { Pager } from '../../src/components/pager'
import { ResourceStatus } from '../../src/components/resource-status'

const listMachine = createResourceMachine<string[]>('list')

/** A paged list whose first page answers when the test says. */
function PagedList({ answer }: { answer: Promise<ResourcePage<string[]>> }) {
  const actor = useActorRef(listMachine.provide({ actors: { load: fromPromise(() => answer) } }))
  return (
    <section>
      <ResourceStatus actor={actor} loading="Cargando la lista…" empty="Nada aún.">
        {(items) => (
          <ul aria-label="Lista">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </ResourceStatus>
      <Pager actor={actor} label="la lista" />
    </section>
  )
}

type Shown = { spinner: boolean; list: boolean; pager: boolean }

describe('a list and its pager', () => {
  // Outside act(), so that each commit reaches the DOM as a browser would see it: act() would
  // flush the deferred render together with the answer's.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  let previous: boolean | undefined
  beforeEach(() => {
    previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
  })
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous
  })

  it('keeps the spinner in the task of the first answer, then shows the list with its pager at once', async () => {
    let resolve: (page: ResourcePage<string[]>) => void = () => undefined
    const answer = new Promise<ResourcePage<string[]>>((settle) => {
      resolve = settle
    })
    const container = document.createElement('div')
    document.body.append(container)
    const shown: Shown[] = []
    const read = (): Shown => ({
      spinner: container.querySelector('[role="status"]') !== null,
      list: container.querySelector('ul[aria-label="Lista"]') !== null,
      pager: container.querySelector('nav') !== null,
    })
    // One record per commit: the observer runs after each one, before the next task.
    const observer = new MutationObserver(() => shown.push(read()))
    observer.observe(container, { childList: true, subtree: true })
    const root = createRoot(container)
    root.render(<PagedList answer={answer} />)
    await waitFor(() => expect(read().spinner).toBe(true))

    resolve({
      data: ['uno', 'dos'],
      pagination: { totalPages: 2, totalDocs: 12, limt: 10, page: 1 },
    })
    // The answer's own task: the machine has the data, the spinner is still what is shown.
    await Promise.resolve()
    await Promise.resolve()
    expect(read()).toEqual({ spinner: true, list: false, pager: false })

    await waitFor(() => expect(read()).toEqual({ spinner: false, list: true, pager: true }))
    observer.disconnect()
    // Never the pager without its list above it, never a blank between the spinner and the list.
    expect(shown.filter(({ pager, list }) => pager && !list)).toEqual([])
    expect(shown.filter(({ spinner, list }) => !spinner && !list)).toEqual([])
    root.unmount()
    container.remove()
  })
})
