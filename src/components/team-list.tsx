import { useId, useState, type ReactNode } from 'react'
import type { MemberDetail, TeamMember } from '../../contract/team'
import type { TeamFilter } from '../shared/team-filter'
import { formatDateTime } from '../format/dates'
import { formatInteger } from '../../contract/money-text'
import { team as copy } from '../copy/team'
import { RankBadge } from './rank-badge'
import './team-list.css'

/**
 * Search by name or code and filter by penalty. The text is a draft until the player presses
 * BUSCAR (or changes the filter); then `onApply` gets the filter to load.
 */
export function TeamFilters({
  filter,
  onApply,
}: {
  filter: TeamFilter
  onApply: (filter: TeamFilter) => void
}) {
  const [search, setSearch] = useState(filter.search ?? '')
  const searchId = useId()
  const penaltyId = useId()
  const apply = (penalty: TeamFilter['penalty']) =>
    onApply({
      ...(search.trim() === '' ? {} : { search: search.trim() }),
      ...(penalty ? { penalty } : {}),
    })
  return (
    <form
      className="team-filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        apply(filter.penalty)
      }}
    >
      <div className="field team-filters__search">
        <label className="field__label" htmlFor={searchId}>
          {copy.search.label}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          maxLength={60}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={penaltyId}>
          {copy.search.penalty}
        </label>
        <select
          id={penaltyId}
          className="input"
          value={filter.penalty ?? ''}
          onChange={(event) => apply((event.target.value || undefined) as TeamFilter['penalty'])}
        >
          <option value="">{copy.search.all}</option>
          <option value="true">{copy.search.penalized}</option>
          <option value="false">{copy.search.active}</option>
        </select>
      </div>
      <button type="submit" className="button button--teal">
        {copy.search.submit}
      </button>
    </form>
  )
}

/** One member of the team in a list: rank, name, code, state, and a way to their details. */
export function MemberItem({
  member,
  extra,
  onDetails,
}: {
  member: TeamMember
  extra?: ReactNode
  /** Opens the member's details; without it the row shows none. */
  onDetails?: () => void
}) {
  return (
    <li className="member">
      <RankBadge index={member.rank.index} className="member__badge" />
      <div className="member__text">
        <p className="member__name">
          {member.name} <span className="member__code">{member.code}</span>
        </p>
        <p className="muted">
          {member.rank.name} · {copy.member.stationsOn(member.stationsOn)}
        </p>
        <p className="muted">{copy.member.joined(formatDateTime(member.joinedAt))}</p>
        {extra}
        {member.penalized ? (
          <span className="pill pill--penalized">{copy.member.penalized}</span>
        ) : null}
      </div>
      {onDetails ? (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={copy.member.detailsLabel(member.name)}
          onClick={onDetails}
        >
          {copy.member.details}
        </button>
      ) : null}
    </li>
  )
}

/** A member's details, as the details modal shows them. */
export function MemberDetailsView({ detail }: { detail: MemberDetail }) {
  const rows: [string, string][] = [
    [copy.details.level, copy.generation(detail.level)],
    [copy.details.sponsor, detail.parentName],
    [copy.details.code, detail.code],
    [copy.details.email, detail.email ?? copy.details.emailHidden],
    [copy.details.rank, `${detail.rank.name} (${detail.rank.percent}%)`],
    [copy.details.team, copy.members(detail.team)],
    [copy.details.direct, formatInteger(detail.direct)],
    [copy.details.stations, formatInteger(detail.stationsOn)],
    [copy.details.penalties, formatInteger(detail.penalties)],
    [copy.details.weekGems, formatInteger(detail.weekGems)],
    [copy.details.joined, formatDateTime(detail.joinedAt)],
  ]
  return (
    <div className="member-details">
      <div className="member-details__head">
        <RankBadge
          index={detail.rank.index}
          label={detail.rank.name}
          className="member-details__badge"
        />
        <p className="member-details__name">{detail.name}</p>
        {detail.penalized ? (
          <span className="pill pill--penalized">{copy.member.penalized}</span>
        ) : null}
      </div>
      <dl className="member-details__list">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
