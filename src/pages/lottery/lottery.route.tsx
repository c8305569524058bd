import { lottery } from '../../copy/lottery'
import { CurrentDraw } from './current-draw'
import { DrawHistory } from './draw-history'

/**
 * /lottery (SORTEO), public: this week's draw with its date, prize and price (taking part needs a
 * session), the past draws with their winners, and the way to check any of them in the browser.
 * Its first render is the same for everyone (the data loads after), so it can be prerendered.
 */
export function Component() {
  return (
    <div className="page lottery">
      <div className="page__header">
        <h1>{lottery.title}</h1>
        <p>{lottery.intro}</p>
      </div>
      <CurrentDraw />
      <DrawHistory />
      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title" className="card__title">
          {lottery.howTitle}
        </h2>
        <ol className="steps">
          {lottery.howSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="muted">{lottery.howNote}</p>
      </section>
    </div>
  )
}
