import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import { batteryOperationMachine } from '../../../machines/battery-operation/battery-operation.machine'
import { selectData } from '../../../machines/resource/resource.selectors'
import { selectBalances } from '../../../machines/session/session.selectors'
import { terycarbonPaymentBounds } from '../../../contract/battery'
import { formatDateTime } from '../../format/dates'
import { formatPercent } from '../../format/numbers'
import { formatInteger } from '../../../contract/money-text'
import { terycarbonBattery as copy } from '../../copy/terycarbon-battery'
import { useAppActors } from '../../app/app-context'
import { batteryOperationActors } from '../../shared/battery-operation.actors'
import { usePageActor } from '../../app/use-page-actor'
import { AmountForm } from '../../components/amount-form'
import { BatteryOperationDialog } from '../../components/battery-operation-dialog'
import { ResourceStatus, useResourceAnswered } from '../../components/resource-status'
import { terycarbonBatteryActors, terycarbonBatteryMachine } from './terycarbon-battery.actors'
import '../../components/economy.css'
import './terycarbon-battery.css'

/**
 * /terycarbonBattery: what is paid of the battery, its benefits, and paying it with terycarbons,
 * all that is left or a part (terycarbonBatteryPartialBuyAmount).
 */
export function Component() {
  const { config, session } = useAppActors()
  const rules = useSelector(config, (snapshot) => selectData(snapshot)?.rules.terycarbonBattery)
  const balances = useSelector(session, selectBalances)
  const stats = usePageActor(terycarbonBatteryMachine, terycarbonBatteryActors)
  const operation = usePageActor(batteryOperationMachine, batteryOperationActors, {
    effects: { 'battery.changed': () => stats.send({ type: 'resource.reload' }) },
  })
  // The benefits (the configuration's) and the way back under them appear once the card has
  // answered too, not under its spinner, where they were in view and then pushed down by it (a
  // layout shift of 0.24 on a phone).
  const below = useResourceAnswered(stats) && rules !== undefined
  const pay = (amount: number) =>
    operation.send({ type: 'operation.start', operation: 'terycarbonBattery', amount })

  return (
    <div className="page terycarbon-battery">
      <div className="page__header">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
      </div>
      <section className="card card--gold" aria-labelledby="tc-title">
        <h2 id="tc-title" className="card__title">
          {copy.progressLabel}
        </h2>
        <ResourceStatus
          actor={stats}
          loading={copy.loading}
          empty={copy.failed}
          failed={copy.failed}
        >
          {(battery) => (
            <>
              <progress
                className="tc-progress"
                max={battery.price}
                value={battery.paid}
                aria-label={copy.progressLabel}
              />
              <p className="tc-paid">{copy.paid(formatInteger(battery.paid), battery.price)}</p>
              {battery.active ? (
                <p className="badge badge--success" role="status">
                  {copy.active}{' '}
                  {battery.completedAt ? copy.activeSince(formatDateTime(battery.completedAt)) : ''}
                </p>
              ) : (
                <>
                  <p>{copy.remaining(battery.remaining)}</p>
                  <p className="muted">{copy.yourTerycarbons(balances?.terycarbons ?? 0)}</p>
                  <button
                    type="button"
                    className="button button--gold button--block"
                    onClick={() => pay(battery.remaining)}
                  >
                    {copy.buyAll(formatInteger(battery.remaining))}
                  </button>
                  {rules ? (
                    <div className="tc-partial">
                      <h3>{copy.partialTitle}</h3>
                      <AmountForm
                        name="terycarbonBatteryPartialBuyAmount"
                        label={copy.partialLabel}
                        hint={copy.partialHint(rules.minPartial)}
                        bounds={{ ...terycarbonPaymentBounds(rules), max: battery.remaining }}
                        submit={copy.payPart}
                        onSubmit={pay}
                      />
                    </div>
                  ) : null}
                </>
              )}
            </>
          )}
        </ResourceStatus>
      </section>
      {below && rules ? (
        <section className="card" aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="card__title">
            {copy.benefitsTitle}
          </h2>
          <ul className="tc-benefits">
            {copy.benefits(formatPercent(rules.boostPercent), rules.minPartial).map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {below ? (
        <Link className="text-link" to="/battery">
          {copy.backToBattery}
        </Link>
      ) : null}
      <BatteryOperationDialog actor={operation} />
    </div>
  )
}
