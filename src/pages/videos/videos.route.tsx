import { earning, videos } from '../../copy/earning'
import { usePageActor } from '../../app/use-page-actor'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { VideoTile } from '../../components/video-tile'
import { videoListActors, videoListMachine } from './videos.actors'
import '../../styles/earning.css'

/** /videos: the video missions, each tile where the player is with it; they play on /play. */
export function Component() {
  const list = usePageActor(videoListMachine, videoListActors)
  return (
    <div className="page earning">
      <div className="page__header">
        <h1>{videos.title}</h1>
        <p>{videos.intro}</p>
      </div>
      <section aria-labelledby="videos-list">
        {/* Unseen, but it keeps the outline: the tiles' titles are h3s under this h2. */}
        <h2 id="videos-list" className="visually-hidden">
          {videos.listLabel}
        </h2>
        <ResourceStatus actor={list} loading={videos.loading} empty={videos.empty}>
          {(docs) => (
            <ul className="tile-grid">
              {docs.map((video) => (
                <li key={video.id}>
                  <VideoTile video={video} />
                </li>
              ))}
            </ul>
          )}
        </ResourceStatus>
        <Pager actor={list} label={earning.pages.videos} />
      </section>
    </div>
  )
}
