import { useSelector } from '@xstate/react'
import { Link, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { selectQuery } from '../../../machines/resource/resource.selectors'
import type { Referral } from '../../../contract/team'
import { formatMoney } from '../../../contract/money-text'
import { team as copy } from '../../copy/team'
import { formatDateTime } from '../../format/dates'
import { usePageActor } from '../../app/use-page-actor'
import { Pager } from '../../components/pager'
import { ResourceStatus, useResourceAnswered } from '../../components/resource-status'
import { MemberItem, TeamFilters } from '../../components/team-list'
import { searchOfTeamFilter, teamFilterFromSearch } from '../../shared/team-filter'
import { referralsActors, referralsMachine } from './referral.actors'

/** /referral: the players who joined with the player's code, and the team each one has. */
export function Component() {
  // The list's filters live in its machine and in the address (?buscar=, ?penalizados=), so
  // reload and back show the same list.
  const [params, setParams] = useSearchParams()
  const actor = usePageActor(referralsMachine, referralsActors, {
    input: { query: teamFilterFromSearch(params) },
  })
  const filter = useSelector(actor, selectQuery)
  // Under the list once it has answered: under its spinner it was in view, then pushed down.
  const answered = useResourceAnswered(actor)
  return (
    <div className="page">
      <div className="page__header">
        <h1>{copy.referral.title}</h1>
        <p className="muted">{copy.referral.intro}</p>
      </div>
      <TeamFilters
        filter={filter}
        onApply={(query) => {
          setParams(searchOfTeamFilter(query), { replace: true })
          actor.send({ type: 'query.set', query })
        }}
      />
      <Referrals actor={actor} />
      {answered ? (
        <p>
          <Link to="/team/1/level">{copy.referral.details}</Link>
        </p>
      ) : null}
    </div>
  )
}

/**
 * The referral reward a referral brings: pending, with why, until they first play (the date they
 * joined is the row's), then paid, with the date the ledger paid it.
 */
function ReferralReward({ reward }: { reward: Referral['reward'] }) {
  const gems = formatMoney({ currency: 'gems', amount: reward.gems })
  if (reward.paidAt === null) {
    return (
      <div className="referral-reward">
        <span className="pill pill--pending">{copy.referral.pending}</span>
        <p>{copy.referral.rewardPending(gems)}</p>
        <p className="muted">{copy.referral.pendingReason}</p>
      </div>
    )
  }
  return (
    <div className="referral-reward">
      <span className="pill pill--paid">{copy.referral.paid}</span>
      <p>{copy.referral.rewardPaid(gems, formatDateTime(reward.paidAt))}</p>
    </div>
  )
}

function Referrals({ actor }: { actor: ActorRefFrom<typeof referralsMachine> }) {
  return (
    <>
      <ResourceStatus actor={actor} loading={copy.referral.loading} empty={copy.referral.empty}>
        {(referrals) => (
          <ul className="member-list" aria-label={copy.referral.title}>
            {referrals.map((referral) => (
              <MemberItem
                key={referral.id}
                member={referral}
                extra={
                  <>
                    <p className="member__team">{copy.member.team(referral.team)}</p>
                    <ReferralReward reward={referral.reward} />
                  </>
                }
              />
            ))}
          </ul>
        )}
      </ResourceStatus>
      <Pager actor={actor} label={copy.referral.title} />
    </>
  )
}
