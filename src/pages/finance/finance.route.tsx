import { useSelector } from '@xstate/react'
import { selectData } from '../../../machines/resource/resource.selectors'
import { finance, trainings } from '../../copy/training'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { ExternalLink } from '../../components/external-link'
import { Icon } from '../../components/icons'
import { menuIcons } from '../../components/menu-icons'
import { ResourceStatus, useResourceAnswered } from '../../components/resource-status'
import { TrackCard } from '../../components/track-card'
import { financeTrainingActors, financeTrainingMachine } from './finance.actors'

/** /finance: the two-card layout of training: the finance lessons and the external finance site. */
export function Component() {
  const overview = usePageActor(financeTrainingMachine, financeTrainingActors)
  const { config } = useAppActors()
  // The site's card comes after the lessons' cards, so it appears with them: beside their spinner
  // it was in view, then pushed down by them (a layout shift of 0.22 on a phone).
  const answered = useResourceAnswered(overview)
  const siteUrl = useSelector(config, (snapshot) => selectData(snapshot)?.links.finance)
  return (
    <div className="page finance">
      <div className="page__header">
        <h1>{finance.title}</h1>
        <p>{finance.intro}</p>
      </div>
      <div className="two-card-grid">
        <ResourceStatus
          actor={overview}
          loading={trainings.loading}
          empty={trainings.empty}
          failed={trainings.failed}
        >
          {(data) =>
            data.tracks
              .filter((track) => track.section === 'finance' && track.lessons > 0)
              .map((track) => <TrackCard key={track.id} track={track} />)
          }
        </ResourceStatus>
        {answered ? (
          <article className="card track-card">
            <p className="badge">{finance.siteLabel}</p>
            <h2 className="card__title">{finance.siteTitle}</h2>
            <p className="muted">{finance.siteText}</p>
            {siteUrl ? (
              <ExternalLink className="button button--teal" href={siteUrl}>
                <Icon path={menuIcons.external} />
                {finance.siteOpen}
              </ExternalLink>
            ) : (
              <p className="muted">{finance.siteUnavailable}</p>
            )}
          </article>
        ) : null}
      </div>
    </div>
  )
}
