import { useMemo } from 'react'
import { useSelector } from '@xstate/react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom'
import { selectSubject } from '../../../machines/disclosure/disclosure.selectors'
import { selectQuery } from '../../../machines/resource/resource.selectors'
import type { TeamMember } from '../../../contract/team'
import { team as copy } from '../../copy/team'
import { usePageActor } from '../../app/use-page-actor'
import { Modal } from '../../components/modal'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { StationArt } from '../../components/station-art'
import { MemberDetailsView, MemberItem, TeamFilters } from '../../components/team-list'
import { searchOfTeamFilter, teamFilterFromSearch } from '../../shared/team-filter'
import {
  memberDetailActors,
  memberDetailMachine,
  memberDialogMachine,
  teamLevelActors,
  teamLevelMachine,
} from './team-level.actors'
import './team-level.css'

const LEVELS = 8

/** /team/{id}/level: one generation of the team, searched, filtered and paged, with details. */
export function Component() {
  const level = Number(useParams().id)
  // The filters stay in the address from one level to the next (?buscar=, ?penalizados=).
  const { search } = useLocation()
  const memberDialog = usePageActor(memberDialogMachine, {})
  const selected = useSelector(memberDialog, selectSubject)

  if (!Number.isInteger(level) || level < 1 || level > LEVELS) {
    return (
      <div className="page">
        <div className="page__header">
          <h1>{copy.level.invalidTitle}</h1>
        </div>
        <div className="status-panel" role="alert">
          <p>{copy.level.invalid}</p>
          <Link to="/team">{copy.level.back}</Link>
        </div>
      </div>
    )
  }

  return (
    <div className="page team-level">
      <div className="page__header team-level__header">
        <StationArt number={level + 1} className="team-level__art" />
        <div>
          <h1>{copy.level.title(level)}</h1>
          <p className="muted">{copy.level.intro(level)}</p>
        </div>
      </div>
      <nav className="team-level__nav" aria-label={copy.level.navigation}>
        <Link to="/team">{copy.level.back}</Link>
        {level > 1 ? (
          <Link to={{ pathname: `/team/${level - 1}/level`, search }}>
            ‹ {copy.level.previous(level - 1)}
          </Link>
        ) : null}
        {level < LEVELS ? (
          <Link to={{ pathname: `/team/${level + 1}/level`, search }}>
            {copy.level.next(level + 1)} ›
          </Link>
        ) : null}
      </nav>
      {/* Another level is another list (the route's path changed): loaded from its address. */}
      <LevelList
        key={level}
        level={level}
        onDetails={(member) => memberDialog.send({ type: 'disclosure.open', subject: member })}
      />
      {selected ? (
        <MemberDetails
          key={selected.id}
          member={selected}
          onClose={() => memberDialog.send({ type: 'disclosure.close' })}
        />
      ) : null}
    </div>
  )
}

function LevelList({
  level,
  onDetails,
}: {
  level: number
  onDetails: (member: TeamMember) => void
}) {
  const actors = useMemo(() => teamLevelActors(level), [level])
  // The list's filters live in its machine and in the address, so reload and back keep them.
  const [params, setParams] = useSearchParams()
  const actor = usePageActor(teamLevelMachine, actors, {
    input: { query: teamFilterFromSearch(params) },
  })
  const filter = useSelector(actor, selectQuery)
  return (
    <>
      <TeamFilters
        filter={filter}
        onApply={(query) => {
          setParams(searchOfTeamFilter(query), { replace: true })
          actor.send({ type: 'query.set', query })
        }}
      />
      <ResourceStatus actor={actor} loading={copy.level.loading} empty={copy.level.empty}>
        {(members) => (
          <ul className="member-list" aria-label={copy.level.title(level)}>
            {members.map((member) => (
              <MemberItem key={member.id} member={member} onDetails={() => onDetails(member)} />
            ))}
          </ul>
        )}
      </ResourceStatus>
      <Pager actor={actor} label={copy.level.title(level)} />
    </>
  )
}

function MemberDetails({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const actors = useMemo(() => memberDetailActors(member.id), [member.id])
  const actor = usePageActor(memberDetailMachine, actors)
  return (
    <Modal
      open
      title={member.name}
      onClose={onClose}
      footer={
        <button type="button" className="button button--gold" onClick={onClose}>
          {copy.details.close}
        </button>
      }
    >
      <ResourceStatus
        actor={actor}
        loading={copy.details.loading}
        empty={copy.details.empty}
        failed={copy.details.failed}
      >
        {(detail) => <MemberDetailsView detail={detail} />}
      </ResourceStatus>
    </Modal>
  )
}
