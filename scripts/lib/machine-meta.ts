import * as v from 'valibot'
import { CURRENCIES } from '../../contract/currencies'
import type { MoneyMark, StateMeta, TransitionMeta } from '../../machines/shared/meta'

/**
 * The `meta` of states and transitions (machines/shared/meta.ts), read at run time: machines that
 * skip `...metaTypes` in setup() are not type-checked, so the tools check the shape again and
 * report what is wrong instead of drawing it.
 */
const requirementsSchema = v.optional(
  v.array(v.pipe(v.string(), v.regex(/^REQ-[A-Z0-9]+(-[A-Z0-9]+)*-\d+$/, 'is not REQ-<AREA>-<n>'))),
)

const moneyMarkSchema = v.object({
  currency: v.picklist(CURRENCIES),
  direction: v.picklist(['in', 'out']),
  endpoint: v.pipe(
    v.string(),
    v.regex(/^(GET|POST|PUT|PATCH|DELETE) \/api\/\S*$/, 'is not "<METHOD> /api/<path>"'),
  ),
})

const stateMetaSchema = v.looseObject({ requirements: requirementsSchema })

const transitionMetaSchema = v.looseObject({
  requirements: requirementsSchema,
  money: v.optional(v.array(moneyMarkSchema)),
})

function describeIssues(where: string, issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? ''
    return `${where}: meta${path ? `.${path}` : ''} ${issue.message}`
  })
}

/** A state's meta, or the problems that keep it from being read. */
export function readStateMeta(
  where: string,
  meta: unknown,
): { meta: StateMeta; problems: string[] } {
  if (meta === undefined) return { meta: {}, problems: [] }
  const result = v.safeParse(stateMetaSchema, meta)
  if (!result.success) return { meta: {}, problems: describeIssues(where, result.issues) }
  return { meta: result.output as StateMeta, problems: [] }
}

/** A transition's meta, or the problems that keep it from being read. */
export function readTransitionMeta(
  where: string,
  meta: unknown,
): { meta: TransitionMeta; problems: string[] } {
  if (meta === undefined) return { meta: {}, problems: [] }
  const result = v.safeParse(transitionMetaSchema, meta)
  if (!result.success) return { meta: {}, problems: describeIssues(where, result.issues) }
  return { meta: result.output as TransitionMeta, problems: [] }
}

/** `+gems` for money that comes to the player, `−gems` for money that leaves them. */
export function moneyLabel(mark: { currency: string; direction: MoneyMark['direction'] }): string {
  return `${mark.direction === 'in' ? '+' : '−'}${mark.currency}`
}
