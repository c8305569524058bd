import type { Founders } from '../../../contract/team'
import { formatDateTime } from '../../format/dates'
import { team as copy } from '../../copy/team'
import { usePageActor } from '../../app/use-page-actor'
import { RankBadge } from '../../components/rank-badge'
import { ResourceStatus } from '../../components/resource-status'
import { foundersActors, foundersMachine } from './founder.actors'
import './founder.css'

/** /founder: the founders list, the first players of Tery, and the player's own number. */
export function Component() {
  const actor = usePageActor(foundersMachine, foundersActors)
  return (
    <div className="page founders">
      <div className="page__header">
        <h1>{copy.founder.title}</h1>
      </div>
      <ResourceStatus actor={actor} loading={copy.founder.loading} empty={copy.founder.empty}>
        {(data) => <FounderList data={data} />}
      </ResourceStatus>
    </div>
  )
}

function FounderList({ data }: { data: Founders }) {
  return (
    <>
      <p className="muted">{copy.founder.intro(data.limit)}</p>
      <p className="card card--gold founders__you">
        {data.you === null ? copy.founder.notYou : copy.founder.you(data.you)}
      </p>
      <ol className="founder-list" aria-label={copy.founder.list}>
        {data.founders.map((founder) => (
          <li
            key={founder.number}
            className={founder.number === data.you ? 'founder founder--you' : 'founder'}
          >
            <span className="founder__number">{copy.founder.number(founder.number)}</span>
            <RankBadge index={founder.rank.index} className="founder__badge" />
            <span className="founder__name">
              {founder.name} <span className="founder__code">{founder.code}</span>
            </span>
            <span className="founder__meta muted">
              {founder.rank.name} · {formatDateTime(founder.joinedAt)}
            </span>
          </li>
        ))}
      </ol>
    </>
  )
}
