import type { TrainingOverview } from '../../../contract/training'
import { trainings } from '../../copy/training'
import { usePageActor } from '../../app/use-page-actor'
import { useTimeLeft } from '../../shared/use-time-left'
import { ResourceStatus } from '../../components/resource-status'
import { TrackCard } from '../../components/track-card'
import { TrainingDayNotice } from '../../components/training-day'
import { trainingsActors, trainingsMachine } from './trainings.actors'

/** /trainings (AYUDA and APRENDE A GANAR): the two-card grid of training tracks. */
export function Component() {
  const overview = usePageActor(trainingsMachine, trainingsActors)
  return (
    <div className="page trainings">
      <div className="page__header">
        <h1>{trainings.title}</h1>
        <p>{trainings.intro}</p>
      </div>
      <ResourceStatus
        actor={overview}
        loading={trainings.loading}
        empty={trainings.empty}
        failed={trainings.failed}
      >
        {(data) => <Tracks data={data} />}
      </ResourceStatus>
    </div>
  )
}

function Tracks({ data }: { data: TrainingOverview }) {
  const left = useTimeLeft(data.today.nextResetAt) ?? 0
  const tracks = data.tracks.filter((track) => track.section === 'trainings' && track.lessons > 0)
  if (tracks.length === 0) return <p className="status-panel">{trainings.empty}</p>
  return (
    <>
      <TrainingDayNotice today={data.today} prize={data.prize} timeLeft={left} />
      <div className="two-card-grid">
        {tracks.map((track) => (
          <TrackCard key={track.id} track={track} />
        ))}
      </div>
    </>
  )
}
