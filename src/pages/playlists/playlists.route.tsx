import { Link, useSearchParams } from 'react-router-dom'
import { describeReward, type Playlist } from '../../../contract/missions'
import { earning, playlists } from '../../copy/earning'
import { usePageActor } from '../../app/use-page-actor'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { RewardChip } from '../../components/reward-chip'
import { VideoTile } from '../../components/video-tile'
import { playlistListActors, playlistListMachine } from './playlists.actors'
import '../../styles/earning.css'

/**
 * /playlists: the playlists, and the selected one's reward and volta with its videos. Finishing
 * the last video of a list pays its reward; each video adds volta to the charge (/voltaCharge).
 */
export function Component() {
  const list = usePageActor(playlistListMachine, playlistListActors)
  const [params, setParams] = useSearchParams()

  return (
    <div className="page earning">
      <div className="page__header">
        <h1>{playlists.title}</h1>
        <p>{playlists.intro}</p>
      </div>
      <ResourceStatus actor={list} loading={playlists.loading} empty={playlists.empty}>
        {(docs) => {
          const selected = docs.find((item) => item.id === params.get('lista')) ?? docs[0]
          return (
            <div className="playlists">
              <ul className="playlist-picker" aria-label={playlists.listLabel}>
                {docs.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="card playlist-choice"
                      aria-pressed={item.id === selected?.id}
                      onClick={() => setParams({ lista: item.id }, { replace: true })}
                    >
                      <span className="way__title">{item.title}</span>
                      <span className="muted">
                        {playlists.progress(item.finishedVideos, item.videos.length)}
                      </span>
                      <RewardChip reward={item.reward} />
                    </button>
                  </li>
                ))}
              </ul>
              {selected ? <SelectedPlaylist key={selected.id} playlist={selected} /> : null}
            </div>
          )
        }}
      </ResourceStatus>
      <Pager actor={list} label={earning.pages.playlists} />
    </div>
  )
}

function SelectedPlaylist({ playlist }: { playlist: Playlist }) {
  const titleId = `playlist-${playlist.id}`
  return (
    <section className="card selected-playlist" aria-labelledby={titleId}>
      <p className="muted">{playlists.selected}</p>
      <h2 id={titleId}>{playlist.title}</h2>
      <p>{playlist.description}</p>
      <ul className="today__list">
        <li>{playlists.reward(describeReward(playlist.reward))}</li>
        <li>{playlists.volta(describeReward({ kind: 'VOLTA_CHARGE', amount: playlist.volta }))}</li>
        <li>
          {playlists.progress(playlist.finishedVideos, playlist.videos.length)} ·{' '}
          <span
            className={`status-badge status-badge--${playlist.state === 'completed' ? 'verified' : 'pending'}`}
          >
            {playlist.state === 'completed' ? playlists.completed : playlists.inProgress}
          </span>
        </li>
      </ul>
      <ul className="tile-grid" aria-label={playlists.videosLabel(playlist.title)}>
        {playlist.videos.map((video) => (
          <li key={video.id}>
            <VideoTile video={video} />
          </li>
        ))}
      </ul>
      <Link to="/voltaCharge">{playlists.toVolta}</Link>
    </section>
  )
}
