import { useDeferredValue } from 'react'

/**
 * A resource's data as a list shows it: its first answer deferred, so that React renders what it
 * brings in slices the browser can interrupt instead of in the task of the answer (on a player's
 * page, one long task per answer), and every later answer (a reload, another page) at once, so it
 * renders once. Null until the first answer has been rendered: keep the spinner meanwhile.
 *
 * Every view of one resource reads its data through this (the list and its pager), so that they
 * appear in the same commit and the pager does not jump down when the list arrives above it.
 */
export function useFirstAnswerDeferred<T>(latest: T | null | undefined): T | null {
  const deferred = useDeferredValue(latest)
  return deferred === null || deferred === undefined ? null : (latest ?? null)
}
