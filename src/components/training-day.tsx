import type { CurrencyAmount } from '../../contract/currencies'
import type { TrainingDay } from '../../contract/training'
import { countdownClock } from '../format/dates'
import { formatMoney } from '../../contract/money-text'
import { trainings } from '../copy/training'
import { Icon } from './icons'
import { pageIcons } from './page-icons'

/** The day's lesson: waiting with its prize, or done with the time until the next one. */
export function TrainingDayNotice({
  today,
  prize,
  timeLeft,
}: {
  today: TrainingDay
  prize: CurrencyAmount
  /** Milliseconds until the next lesson unlocks. */
  timeLeft: number
}) {
  return (
    <p className="notice training-day" role="status">
      <Icon path={pageIcons.clock} />
      {today.finishedToday
        ? trainings.todayDone(countdownClock(timeLeft))
        : trainings.todayAvailable(formatMoney(prize))}
    </p>
  )
}
