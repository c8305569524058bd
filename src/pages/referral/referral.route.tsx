import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { team as copy } from '../../copy/team'
import { usePageActor } from '../../app/use-page-actor'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { MemberItem, TeamFilters, type TeamFilter } from '../../components/team-list'
import { referralsActors, referralsMachine } from './referral.actors'

/** /referral: the players who joined with the player's code, and the team each one has. */
export function Component() {
  const [filter, setFilter] = useState<TeamFilter>({})
  return (
    <div className="page">
      <div className="page__header">
        <h1>{copy.referral.title}</h1>
        <p className="muted">{copy.referral.intro}</p>
      </div>
      <TeamFilters filter={filter} onApply={setFilter} />
      <Referrals key={`${filter.search ?? ''}:${filter.penalty ?? ''}`} filter={filter} />
      <p>
        <Link to="/team/1/level">{copy.referral.details}</Link>
      </p>
    </div>
  )
}

function Referrals({ filter }: { filter: TeamFilter }) {
  const actors = useMemo(() => referralsActors(filter), [filter])
  const actor = usePageActor(referralsMachine, actors)
  return (
    <>
      <ResourceStatus actor={actor} loading={copy.referral.loading} empty={copy.referral.empty}>
        {(referrals) => (
          <ul className="member-list" aria-label={copy.referral.title}>
            {referrals.map((referral) => (
              <MemberItem
                key={referral.id}
                member={referral}
                extra={<p className="member__team">{copy.member.team(referral.team)}</p>}
              />
            ))}
          </ul>
        )}
      </ResourceStatus>
      <Pager actor={actor} label={copy.referral.title} />
    </>
  )
}
