import type { Currency, MoneyMovement } from '../../contract/currencies'

/**
 * A requirement's id as docs/requirements.md lists it (`REQ-SESSION-3`): the area, then a number.
 * `npm run docs` fails on an id the file does not list.
 */
export type RequirementId = `REQ-${string}-${number}`

/** An HTTP call as the OpenAPI document names it: `POST /api/mission/claim`. */
export type EndpointName = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`

/**
 * A transition that moves money: the currency, the way it goes and the API call that moves it.
 * `npm run docs` checks the endpoint against the API's OpenAPI document and its `x-money`.
 */
export type MoneyMark = MoneyMovement & { endpoint: EndpointName }

/**
 * The money marks of one call, the currencies it takes (`out`) and pays (`in`):
 * `moneyMarks('POST /api/trading/buy', { out: ['gems'], in: ['terydollars'] })`. Plain data in
 * the transition's `meta`, so `npm run docs` reads them from the built machine as before.
 */
export function moneyMarks(
  endpoint: EndpointName,
  currencies: { out?: readonly Currency[]; in?: readonly Currency[] },
): MoneyMark[] {
  const marks = (direction: MoneyMark['direction'], list: readonly Currency[] = []) =>
    list.map((currency) => ({ currency, direction, endpoint }))
  return [...marks('out', currencies.out), ...marks('in', currencies.in)]
}

/** What a state may carry in its `meta`: the requirements it serves. */
export type StateMeta = { requirements?: readonly RequirementId[] }

/** What a transition may carry in its `meta`: the requirements it serves and the money it moves. */
export type TransitionMeta = {
  requirements?: readonly RequirementId[]
  money?: readonly MoneyMark[]
}

/**
 * Spread into `setup({ types: { ...metaTypes } })` so every `meta` in the machine is typed.
 * Type-only: the values are never read.
 */
export const metaTypes = {
  meta: {} as StateMeta,
  transitionMeta: {} as TransitionMeta,
}
