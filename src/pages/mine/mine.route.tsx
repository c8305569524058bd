import { useDeferredValue } from 'react'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type { MiningMode, StationState } from '../../../contract/mining'
import { buyTerycarbonsMachine } from '../../../machines/buy-terycarbons/buy-terycarbons.machine'
import { mineMachine } from '../../../machines/mine/mine.machine'
import {
  selectBackpack,
  selectBackpackStatus,
  selectBonus,
  selectBonusError,
  selectCanCollect,
  selectCanCollectBonus,
  selectCollectError,
  selectLoadError,
  selectMine,
} from '../../../machines/mine/mine.selectors'
import { selectBalances } from '../../../machines/session/session.selectors'
import { layout } from '../../copy/common'
import { formatInteger, formatMoney } from '../../../contract/money-text'
import { mine as copy } from '../../copy/mine'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { useClock } from '../../shared/use-time-left'
import { useHydrated } from '../../app/use-hydrated'
import { Meter } from '../../components/meter'
import { Placeholder } from '../../components/placeholder'
import { Spinner } from '../../components/spinner'
import { BackpackArt } from './backpack-art'
import { BuyTerycarbonsModal } from './buy-terycarbons-modal'
import { MineHelp } from './mine-help'
import {
  buyTerycarbonsActors,
  mineActors,
  mineHelpMachine,
  payoutsActors,
  payoutsMachine,
} from './mine.actors'
import { Payouts } from './payouts'
import { StationTile } from './station-tile'
import './mine.css'
import { RetryPanel } from '../../components/retry'
import { FormError } from '../../components/form-error'

type MineActor = ActorRefFrom<typeof mineMachine>

/** /mine: the nine stations, the terycarbons that fuel them, the backpack, the team bonus, the payouts. */
export function Component() {
  const { toaster } = useAppActors()
  const payouts = usePageActor(payoutsMachine, payoutsActors)
  const mineActor = usePageActor(mineMachine, mineActors, {
    effects: {
      'mine.paid': ({ kind, amount, currency }) => {
        const message =
          kind === 'team.bonus' ? copy.paid.bonus(amount) : copy.paid.collect({ amount, currency })
        toaster.send({ type: 'toast.show', message })
        payouts.send({ type: 'resource.reload' })
      },
    },
  })
  const buyer = usePageActor(buyTerycarbonsMachine, buyTerycarbonsActors, {
    effects: {
      'terycarbons.bought': ({ purchase }) =>
        toaster.send({
          type: 'toast.show',
          message: copy.paid.bought(purchase.terycarbons, formatMoney(purchase.paid)),
        }),
    },
  })
  const help = usePageActor(mineHelpMachine, {})
  // The stations are the page's largest render: deferred, React renders them in slices the
  // browser can interrupt, not in the task of the mine's answer.
  const mine = useDeferredValue(useSelector(mineActor, selectMine))
  const loadError = useSelector(mineActor, selectLoadError)
  const hydrated = useHydrated()

  return (
    <div className="page mine-page">
      <div className="page__header mine-page__header">
        <div>
          <h1>{copy.title}</h1>
          <p className="muted">{copy.intro}</p>
        </div>
        <button
          type="button"
          className="button button--small"
          disabled={!hydrated}
          onClick={() => help.send({ type: 'disclosure.open' })}
        >
          {copy.help}
        </button>
      </div>

      {loadError ? (
        <RetryPanel
          title={copy.failed}
          error={loadError}
          onRetry={() => mineActor.send({ type: 'mine.retry' })}
        />
      ) : (
        // Until the mine answers, each card is drawn with its own words and a placeholder where
        // a figure goes, so the page (the build paints it from its HTML) does not jump or wait
        // for its largest text when the mine arrives.
        <>
          <FuelBar
            mode={mine?.mode ?? null}
            hydrated={hydrated}
            onBuy={() => buyer.send({ type: 'buy.open' })}
          />

          <Backpack actor={mineActor} />
          <TeamBonus actor={mineActor} />

          <section className="mine-section" aria-labelledby="stations-title">
            <h2 id="stations-title">{copy.stations.title}</h2>
            {mine ? (
              <Stations
                stations={mine.stations}
                mineActor={mineActor}
                onBuy={() => buyer.send({ type: 'buy.open' })}
              />
            ) : (
              <Spinner label={copy.loading} />
            )}
          </section>

          {/* Under the stations, which grow from a spinner to nine tiles when the mine answers:
              shown from then on, so that it does not move down (on a wide screen it is in view). */}
          {mine ? <Payouts actor={payouts} /> : null}
        </>
      )}

      <BuyTerycarbonsModal actor={buyer} />
      <MineHelp actor={help} />
    </div>
  )
}

/**
 * The nine stations, their countdowns on one clock read once a second: the list hands the clock
 * down, so a second renders the countdowns again, not the tiles.
 */
function Stations({
  stations,
  mineActor,
  onBuy,
}: {
  stations: StationState[]
  mineActor: MineActor
  onBuy: () => void
}) {
  const clock = useClock()
  return (
    <ul className="stations" aria-label={copy.stations.label}>
      {stations.map((station) => (
        <StationTile
          key={station.number}
          station={station}
          clock={clock}
          onActivated={(next) => mineActor.send({ type: 'mine.sync', mine: next })}
          onStopped={() => mineActor.send({ type: 'mine.reload' })}
          onBuy={onBuy}
        />
      ))}
    </ul>
  )
}

/** The terycarbons the stations burn, from the session's balances, and the mining mode. */
function FuelBar({
  mode,
  hydrated,
  onBuy,
}: {
  mode: MiningMode | null
  hydrated: boolean
  onBuy: () => void
}) {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  return (
    <section className="card fuel-bar" aria-label={copy.fuel.label}>
      <svg className="fuel-bar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3c2.5 3.2 5.5 5.9 5.5 10A5.5 5.5 0 0 1 6.5 13c0-2 1-3.6 2.3-5 .2 1.7 1 2.8 2.2 3.4C11 9 11 6 12 3z" />
      </svg>
      <p className="fuel-bar__amount">
        <span className="fuel-bar__value">
          {balances ? formatInteger(balances.terycarbons) : <Placeholder />}
        </span>
        <span className="muted">{copy.fuel.title}</span>
      </p>
      <button
        type="button"
        className="button button--gold button--small"
        disabled={!hydrated}
        onClick={onBuy}
      >
        {copy.fuel.buy}
      </button>
      {mode ? (
        <Link className="fuel-bar__mode" to="/miningMode">
          {copy.mode(layout.currencies[mode])} · {copy.changeMode}
        </Link>
      ) : (
        <span className="fuel-bar__mode">
          <Placeholder wide />
        </span>
      )}
    </section>
  )
}

function Backpack({ actor }: { actor: MineActor }) {
  const backpack = useSelector(actor, selectBackpack)
  const status = useSelector(actor, selectBackpackStatus)
  const canCollect = useSelector(actor, selectCanCollect)
  const error = useSelector(actor, selectCollectError)
  if (!backpack) {
    return (
      <section className="card backpack" aria-labelledby="backpack-title">
        <span className="skeleton backpack-art" aria-hidden="true" />
        <div className="backpack__head">
          <h2 id="backpack-title">{copy.backpack.title}</h2>
          <p className="backpack__amount">
            <Placeholder wide />
          </p>
        </div>
        <div className="backpack__body">
          <span className="skeleton skeleton--meter" aria-hidden="true" />
          <p className="backpack__status">
            <Placeholder wide />
          </p>
          <button type="button" className="button button--gold" disabled>
            {copy.backpack.collectNothing}
          </button>
        </div>
      </section>
    )
  }
  return (
    <section className="card backpack" aria-labelledby="backpack-title">
      <BackpackArt percent={backpack.percent} currency={backpack.currency} />
      <div className="backpack__head">
        <h2 id="backpack-title">{copy.backpack.title}</h2>
        <p className="backpack__amount">
          {copy.backpack.of(backpack.amount, {
            currency: backpack.currency,
            amount: backpack.capacity,
          })}
        </p>
      </div>
      <div className="backpack__body">
        <Meter
          label={copy.backpack.label(backpack.percent)}
          value={backpack.amount}
          max={backpack.capacity}
        />
        <p className="muted backpack__status" aria-live="polite">
          {status === 'full'
            ? copy.backpack.full
            : backpack.perHour > 0
              ? copy.backpack.perHour({ currency: backpack.currency, amount: backpack.perHour })
              : copy.backpack.idle}
        </p>
        <FormError message={error} />
        <button
          type="button"
          className="button button--gold"
          disabled={!canCollect}
          onClick={() => actor.send({ type: 'mine.collect' })}
        >
          {status === 'collecting'
            ? copy.backpack.collecting
            : backpack.collectable >= 1
              ? copy.backpack.collect({ currency: backpack.currency, amount: backpack.collectable })
              : copy.backpack.collectNothing}
        </button>
      </div>
    </section>
  )
}

function TeamBonus({ actor }: { actor: MineActor }) {
  const bonus = useSelector(actor, selectBonus)
  const canCollect = useSelector(actor, selectCanCollectBonus)
  const error = useSelector(actor, selectBonusError)
  return (
    <section className="card team-bonus" aria-labelledby="bonus-title">
      <h2 id="bonus-title">{copy.bonus.title}</h2>
      <p className="muted">{copy.bonus.text}</p>
      <p className="team-bonus__amount">
        {!bonus ? (
          <Placeholder wide />
        ) : bonus.amount > 0 ? (
          copy.bonus.ready(bonus.amount, bonus.days)
        ) : (
          copy.bonus.none
        )}
      </p>
      <FormError message={error} />
      <button
        type="button"
        className="button button--teal"
        disabled={!canCollect}
        onClick={() => actor.send({ type: 'bonus.collect' })}
      >
        {bonus?.collecting ? copy.bonus.collecting : copy.bonus.collect}
      </button>
    </section>
  )
}
