import { Link } from 'react-router-dom'
import type { TrainingOverview } from '../../../contract/training'
import { countdownClock } from '../../format/dates'
import { formatMoney } from '../../../contract/money-text'
import { management, weekdays } from '../../copy/training'
import { usePageActor } from '../../app/use-page-actor'
import { useTimeLeft } from '../../shared/use-time-left'
import { Icon } from '../../components/icons'
import { pageIcons } from '../../components/page-icons'
import { ResourceStatus } from '../../components/resource-status'
import { managementActors, managementMachine } from './management.actors'

/** /management (GESTIÓN): the day of the week, the timer to the next lesson, the training prize. */
export function Component() {
  const overview = usePageActor(managementMachine, managementActors)
  return (
    <div className="page management">
      <div className="page__header">
        <h1>{management.title}</h1>
        <p>{management.intro}</p>
      </div>
      <ResourceStatus
        actor={overview}
        loading={management.loading}
        empty={management.failed}
        failed={management.failed}
      >
        {(data) => <Day data={data} />}
      </ResourceStatus>
    </div>
  )
}

function Day({ data: { today, prize } }: { data: TrainingOverview }) {
  const left = useTimeLeft(today.nextResetAt) ?? 0
  return (
    <>
      <div className="stat-grid">
        <section className="card stat" aria-label={management.dayLabel}>
          <p className="stat__label">{management.dayLabel}</p>
          <p className="stat__value">{management.today(weekdays[today.weekday] ?? '')}</p>
        </section>
        <section className="card stat" aria-label={management.timerLabel}>
          <p className="stat__label">{management.timerLabel}</p>
          <p className="stat__value stat__value--clock" role="timer">
            {countdownClock(left)}
          </p>
          <p className="muted">{management.timerHint}</p>
        </section>
        <section className="card card--gold stat" aria-label={management.prizeLabel}>
          <p className="stat__label">{management.prizeLabel}</p>
          <p className="stat__value">{formatMoney(prize)}</p>
          <p className="muted">{management.prizeHint}</p>
        </section>
      </div>
      <section className="card management__today">
        <p>
          <Icon path={today.finishedToday ? pageIcons.check : pageIcons.book} />{' '}
          {today.finishedToday ? management.done : management.pending}
        </p>
        <Link className="button button--gold" to="/trainings">
          {management.goTrain}
        </Link>
      </section>
    </>
  )
}
