import { Link } from 'react-router-dom'
import type { TeamOverview } from '../../../contract/team'
import { formatPercent } from '../../format/numbers'
import { team as copy } from '../../copy/team'
import { usePageActor } from '../../app/use-page-actor'
import { RankBadge } from '../../components/rank-badge'
import { ResourceStatus } from '../../components/resource-status'
import { StationArt } from '../../components/station-art'
import { teamActors, teamMachine } from './team.actors'
import './team.css'

/** /team: the player's rank, their stations and the eight generations of their team. */
export function Component() {
  const actor = usePageActor(teamMachine, teamActors)
  return (
    <div className="page team-page">
      <div className="page__header">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
      </div>
      <ResourceStatus actor={actor} loading={copy.loading} empty={copy.empty}>
        {(overview) => <Overview overview={overview} />}
      </ResourceStatus>
    </div>
  )
}

function Overview({ overview }: { overview: TeamOverview }) {
  return (
    <>
      <section
        className="card card--gold team-rank"
        aria-label={copy.rankLabel(overview.rank.name)}
      >
        <RankBadge
          index={overview.rank.index}
          label={overview.rank.name}
          className="team-rank__badge"
        />
        <div>
          <p className="team-rank__name">
            {copy.rank(overview.rank.name, formatPercent(overview.rank.percent))}
          </p>
          <p className="muted">{copy.totals(overview.total, overview.direct)}</p>
        </div>
      </section>

      <section className="card" aria-labelledby="team-stations">
        <h2 id="team-stations">{copy.stations}</h2>
        <ul className="team-stations">
          {overview.stations.map((station) => (
            <li
              key={station.number}
              className={station.on ? 'team-station team-station--on' : 'team-station'}
              aria-label={station.on ? copy.stationOn(station.name) : copy.stationOff(station.name)}
            >
              <StationArt number={station.number} className="team-station__art" />
              <span aria-hidden="true">{formatPercent(station.share)}</span>
            </li>
          ))}
        </ul>
        <Link to="/mine">{copy.links.mine}</Link>
      </section>

      <section aria-labelledby="team-generations">
        <h2 id="team-generations">{copy.generations}</h2>
        <ol className="generations">
          {overview.generations.map((count, index) => (
            <li key={index}>
              <Link className="generation" to={`/team/${index + 1}/level`}>
                {/* The team's environments: exploration for level 1 down to the bank for level 8. */}
                <StationArt number={index + 2} className="generation__art" />
                <span className="generation__level">{copy.generation(index + 1)}</span>
                {/* Read as 'Nivel 1: 3 jugadores'; the two lines need no colon on screen. */}
                <span className="visually-hidden">: </span>
                <span className="generation__count">{copy.members(count)}</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>

      <nav className="team-links" aria-label={copy.title}>
        <Link className="button button--ghost" to="/referral">
          {copy.links.referral}
        </Link>
        <Link className="button button--ghost" to="/founder">
          {copy.links.founder}
        </Link>
        <Link className="button button--ghost" to="/progress">
          {copy.links.progress}
        </Link>
      </nav>
    </>
  )
}
