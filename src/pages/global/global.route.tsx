import type { Leaderboard } from '../../../contract/team'
import { formatDateTime } from '../../format/dates'
import { global as copy } from '../../copy/global'
import { usePageActor } from '../../app/use-page-actor'
import { Pager } from '../../components/pager'
import { RankBadge } from '../../components/rank-badge'
import { ResourceStatus } from '../../components/resource-status'
import { leaderboardActors, leaderboardMachine } from './global.actors'
import './global.css'

/** /global: players ranked by the gems the game paid them this week, and the player's place. */
export function Component() {
  const actor = usePageActor(leaderboardMachine, leaderboardActors)
  return (
    <div className="page global-page">
      <div className="page__header">
        <h1>{copy.title}</h1>
        <p className="muted">{copy.intro}</p>
      </div>
      <ResourceStatus actor={actor} loading={copy.loading} empty={copy.empty} failed={copy.failed}>
        {(board) => <Board board={board} />}
      </ResourceStatus>
      <Pager actor={actor} label={copy.list} />
    </div>
  )
}

function Board({ board }: { board: Leaderboard }) {
  return (
    <>
      <p className="muted">
        {copy.week(formatDateTime(board.week.start), formatDateTime(board.week.end))}
      </p>
      <p className="card card--gold global-you">
        {board.you.position === null ? copy.notYet : copy.you(board.you.position, board.you.gems)}
      </p>
      <ol className="leaders" aria-label={copy.list}>
        {board.docs.map((entry) => (
          <li
            key={entry.position}
            className={entry.position === board.you.position ? 'leader leader--you' : 'leader'}
          >
            <span className={`leader__position leader__position--${Math.min(entry.position, 4)}`}>
              {entry.position}
              <span className="visually-hidden">{copy.position(entry.position)}</span>
            </span>
            <RankBadge index={entry.rank.index} className="leader__badge" />
            <span className="leader__name">
              {entry.name}
              <span className="muted leader__rank">{entry.rank.name}</span>
            </span>
            <span className="leader__gems">{copy.gems(entry.gems)}</span>
          </li>
        ))}
      </ol>
    </>
  )
}
