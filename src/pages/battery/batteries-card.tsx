import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type { batteryOperationMachine } from '../../../machines/battery-operation/battery-operation.machine'
import type { GameConfig } from '../../../contract/config'
import { battery } from '../../copy/battery'
import { formatInteger } from '../../../contract/money-text'
import { AmountForm } from '../../components/amount-form'
import { ResourceStatus } from '../../components/resource-status'
import type { batteryOverviewMachine, burnValueMachine } from './battery.actors'

type Rules = GameConfig['rules']

/**
 * The batteries (how many, the gems a day, what waits to be collected), buying, melting and
 * collecting, and burning terydollars: each button starts an operation whose dialog previews it.
 */
export function BatteriesCard({
  overview,
  burnValue,
  operation,
  rules,
}: {
  overview: ActorRefFrom<typeof batteryOverviewMachine>
  burnValue: ActorRefFrom<typeof burnValueMachine>
  operation: ActorRefFrom<typeof batteryOperationMachine>
  rules: Rules
}) {
  const { batteries } = rules
  const start = (kind: 'buy' | 'melt' | 'burn' | 'collect', amount: number) =>
    operation.send({ type: 'operation.start', operation: kind, amount })

  return (
    <div className="battery__column">
      <section className="card" aria-labelledby="batteries-title">
        <h2 id="batteries-title" className="card__title">
          {battery.batteriesTitle}
        </h2>
        <p className="muted">{battery.batteriesIntro(batteries.price, batteries.gemsPerDay)}</p>
        <ResourceStatus
          actor={overview}
          loading={battery.loadingBatteries}
          empty={battery.batteriesFailed}
          failed={battery.batteriesFailed}
        >
          {({ battery: stats }) => (
            <>
              <dl className="battery-stats">
                <div>
                  <dt>{battery.batteriesCount}</dt>
                  <dd>{formatInteger(stats.batteries)}</dd>
                </div>
                <div>
                  <dt>{battery.gemsPerDay}</dt>
                  <dd>{formatInteger(stats.gemsPerDay)}</dd>
                </div>
                <div>
                  <dt>{battery.claimable}</dt>
                  <dd>{formatInteger(stats.claimableGems)}</dd>
                </div>
                <div>
                  <dt>{battery.collected}</dt>
                  <dd>{formatInteger(stats.collectedGems)}</dd>
                </div>
              </dl>
              {stats.boostActive ? (
                <p className="badge badge--success">{battery.boostActive}</p>
              ) : null}
            </>
          )}
        </ResourceStatus>
        <button
          type="button"
          className="button button--gold button--block"
          onClick={() => start('collect', 0)}
        >
          {battery.collect}
        </button>
        <div className="battery__forms">
          <AmountForm
            name="buyBatteryValue"
            label={battery.buyBatteriesLabel}
            bounds={batteries.perOperation}
            submit={battery.buyBatteries}
            onSubmit={(amount) => start('buy', amount)}
          />
          <AmountForm
            name="meltBatteryValue"
            label={battery.meltLabel}
            hint={battery.meltHint(batteries.meltValue)}
            bounds={batteries.perOperation}
            submit={battery.melt}
            onSubmit={(amount) => start('melt', amount)}
          />
        </div>
        <Link className="text-link" to="/terycarbonBattery">
          {battery.terycarbonLink}
        </Link>
      </section>
      <section className="card" aria-labelledby="burn-title">
        <h2 id="burn-title" className="card__title">
          {battery.burnTitle}
        </h2>
        <ResourceStatus
          actor={burnValue}
          loading={battery.loadingBatteries}
          empty={battery.batteriesFailed}
        >
          {(value) => (
            <>
              <p>{battery.burnValue(value.gemsPerTerydollar)}</p>
              <p className="muted">{battery.burnAll(value.terydollars, value.gemsForAll)}</p>
            </>
          )}
        </ResourceStatus>
        <AmountForm
          name="burnTerydollarValue"
          label={battery.burnLabel}
          bounds={rules.terydollars.burn.amount}
          submit={battery.burn}
          onSubmit={(amount) => start('burn', amount)}
        />
      </section>
    </div>
  )
}
