import * as v from 'valibot'
import { teamListQuery, type TeamListQuery } from '../../contract/team'

/** The filters a team list applies (/team/{level}/level, /referral): search text and penalty. */
export type TeamFilter = Pick<TeamListQuery, 'search' | 'penalty'>

/** The penalty filter in the address, in the player's words: `?penalizados=si`. */
const penaltyParams = { si: 'true', no: 'false' } as const satisfies Record<
  string,
  NonNullable<TeamFilter['penalty']>
>

function isPenaltyParam(value: string | null): value is keyof typeof penaltyParams {
  return value !== null && Object.hasOwn(penaltyParams, value)
}

/**
 * The filters a team list's address carries (`?buscar=ana&penalizados=si`), as the API takes
 * them: a search the API would refuse (over 60 characters) or an unknown penalty value is left
 * out, so a hand-edited address shows the list rather than an error.
 */
export function teamFilterFromSearch(params: URLSearchParams): TeamFilter {
  const search = v.safeParse(teamListQuery.entries.search, params.get('buscar') ?? undefined)
  const penalty = params.get('penalizados')
  return {
    ...(search.success && search.output ? { search: search.output } : {}),
    ...(isPenaltyParam(penalty) ? { penalty: penaltyParams[penalty] } : {}),
  }
}

/** The address's query for a team list's filters: nothing for the whole list. */
export function searchOfTeamFilter(filter: TeamFilter): Record<string, string> {
  return {
    ...(filter.search ? { buscar: filter.search } : {}),
    ...(filter.penalty ? { penalizados: filter.penalty === 'true' ? 'si' : 'no' } : {}),
  }
}
