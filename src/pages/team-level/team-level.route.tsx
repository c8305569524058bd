import { useMemo, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Link, useParams } from 'react-router-dom'
import { selectSubject } from '../../../machines/disclosure/disclosure.selectors'
import type { TeamMember } from '../../../contract/team'
import { team as copy } from '../../copy/team'
import { usePageActor } from '../../app/use-page-actor'
import { Modal } from '../../components/modal'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { StationArt } from '../../components/station-art'
import {
  MemberDetailsView,
  MemberItem,
  TeamFilters,
  type TeamFilter,
} from '../../components/team-list'
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
  const [filter, setFilter] = useState<TeamFilter>({})
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
          <Link to={`/team/${level - 1}/level`}>‹ {copy.level.previous(level - 1)}</Link>
        ) : null}
        {level < LEVELS ? (
          <Link to={`/team/${level + 1}/level`}>{copy.level.next(level + 1)} ›</Link>
        ) : null}
      </nav>
      <TeamFilters key={level} filter={filter} onApply={setFilter} />
      <LevelList
        key={`${level}:${filter.search ?? ''}:${filter.penalty ?? ''}`}
        level={level}
        filter={filter}
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
  filter,
  onDetails,
}: {
  level: number
  filter: TeamFilter
  onDetails: (member: TeamMember) => void
}) {
  // The list is keyed by level and filter: a new filter is a new list, loaded from page 1.
  const actors = useMemo(() => teamLevelActors(level, filter), [level, filter])
  const actor = usePageActor(teamLevelMachine, actors)
  return (
    <>
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
