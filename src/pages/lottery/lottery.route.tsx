import { useSelector } from '@xstate/react'
import { lotteryEntryMachine } from '../../../machines/lottery-entry/lottery-entry.machine'
import {
  selectDraw,
  selectEntryStatus,
} from '../../../machines/lottery-entry/lottery-entry.selectors'
import { selectData, selectIsLoading } from '../../../machines/resource/resource.selectors'
import { HowItWorks } from '../../components/how-it-works'
import { lottery } from '../../copy/lottery'
import { usePageActor } from '../../app/use-page-actor'
import { CurrentDraw } from './current-draw'
import { DrawHistory } from './draw-history'
import { lotteryEntryActors, lotteryHistoryActors, lotteryHistoryMachine } from './lottery.actors'

/**
 * /lottery (SORTEO), public: this week's draw with its date, prize and price (taking part needs a
 * session), the past draws with their winners, and the way to check any of them in the browser.
 * Its first render is the same for everyone (the data loads after), so it can be prerendered.
 * Both calls start at once; the past draws and the explanation appear once the draw card and the
 * table have their first answers, below them, so that no answer pushes down what is in view (the
 * card growing from its spinner moved them by 0.27 of a phone's screen).
 */
export function Component() {
  const entry = usePageActor(lotteryEntryMachine, lotteryEntryActors)
  const history = usePageActor(lotteryHistoryMachine, lotteryHistoryActors)
  const drawAwaited = useSelector(
    entry,
    (snapshot) => selectEntryStatus(snapshot) === 'loading' && selectDraw(snapshot) === null,
  )
  const historyAwaited = useSelector(
    history,
    (snapshot) => selectIsLoading(snapshot) && selectData(snapshot) === null,
  )
  return (
    <div className="page lottery">
      <div className="page__header">
        <h1>{lottery.title}</h1>
        <p>{lottery.intro}</p>
      </div>
      <CurrentDraw entry={entry} />
      {drawAwaited || historyAwaited ? null : (
        <>
          <DrawHistory history={history} />
          <HowItWorks
            id="how-title"
            title={lottery.howTitle}
            steps={lottery.howSteps}
            note={lottery.howNote}
          />
        </>
      )}
    </div>
  )
}
