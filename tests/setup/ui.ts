import { createRequire } from 'node:module'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { SAMPLE_NOW } from '../../machines/shared/sample-now'
import { resetHttp } from '../../src/api/http'

// Routes are lazy chunks: the first findBy* of a test waits for a dynamic import, and a first
// answer renders deferred, in slices. On a two-core machine that other jobs also load (load
// average 8), one such wait took more than 5 s; what never appears still fails, only later, and
// well inside the project's 20 s test timeout.
configure({ asyncUtilTimeout: 12_000 })

// The files share one page and one module graph (the ui project runs with isolate: false, see
// vite.config.ts): each starts from what a fresh page and fresh modules would give it.
beforeAll(() => {
  localStorage.clear()
  sessionStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  window.history.replaceState(null, '', '/')
  document.title = ''
  resetHttp()
})

// The samples' dates sit around one moment (machines/shared/sample-now.ts): the clock starts there
// and runs on in real time, so countdowns tick and no sample expires on the day the suite runs
// (the coupon's did, on 2026-11-28, in every commit's gate).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date(SAMPLE_NOW) })
})
afterAll(() => {
  vi.useRealTimers()
})

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => {
  cleanup()
})

// jsdom has no matchMedia; the app reads the viewport width from the ui machine, but libraries
// and future components may ask for it. Answers as a desktop that never changes.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })
}

// UI tests give every machine fakes through renderApp; a real API call means a machine ran with
// its real actors. It fails the test instead of quietly turning into a network error state.
const unexpectedCalls: string[] = []
beforeEach(() => {
  unexpectedCalls.length = 0
  vi.stubGlobal('fetch', (input: unknown) => {
    unexpectedCalls.push(String(input))
    return Promise.reject(new TypeError('Unexpected network call in a UI test'))
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  expect(unexpectedCalls, 'network calls a UI test made without fakes').toEqual([])
})

// jsdom has no scrollIntoView; /play takes the player into view when a video is chosen.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined
}

// jsdom resolves a computed style anew at every getComputedStyle call (about 1 ms an element
// here, most of it colours), and Testing Library's role queries and user-event's pointer checks
// ask for every candidate and its ancestors: two thirds of the signup page's path tests' CPU.
// jsdom already keeps each element's cascade until the document changes (its `_styleCache`,
// dropped on any change of a node, an attribute, a text or a style sheet); the resolved style is
// now kept exactly as long, under that same cache. Without it (another jsdom), nothing is kept.
type JsdomDocument = { _styleCache?: object | null }
const { implForWrapper } = createRequire(import.meta.url)(
  'jsdom/lib/jsdom/living/generated/utils.js',
) as { implForWrapper: (wrapper: Document) => JsdomDocument | null }
const resolvedStyle = Symbol.for('tery.resolvedStyle')
type Resolving = typeof window.getComputedStyle & { [resolvedStyle]?: true }
if (typeof window !== 'undefined' && !(window.getComputedStyle as Resolving)[resolvedStyle]) {
  const resolve = window.getComputedStyle.bind(window)
  const kept = new WeakMap<object, WeakMap<Element, CSSStyleDeclaration>>()
  const cascadeOf = (element: Element) => implForWrapper(element.ownerDocument)?._styleCache
  const keeping: Resolving = (element, pseudoElement) => {
    if (pseudoElement) return resolve(element, pseudoElement)
    const known = kept.get(cascadeOf(element) ?? {})?.get(element)
    if (known) return known
    const style = resolve(element)
    const cascade = cascadeOf(element)
    if (cascade) {
      const styles = kept.get(cascade) ?? new WeakMap<Element, CSSStyleDeclaration>()
      kept.set(cascade, styles.set(element, style))
    }
    return style
  }
  keeping[resolvedStyle] = true
  window.getComputedStyle = keeping
}
