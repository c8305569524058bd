import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { couponMachine } from '../../../machines/coupon/coupon.machine'
import {
  selectCanBuy,
  selectCoupon,
  selectCouponError,
  selectCouponStep,
  selectHistory,
  selectOffer,
  type CouponStep,
} from '../../../machines/coupon/coupon.selectors'
import { selectBalances } from '../../../machines/session/session.selectors'
import type { Coupon, CouponMission, CouponOffer } from '../../../contract/coupons'
import { socialNetwork } from '../../../contract/missions'
import { formatDateTime, formatTimeLeft } from '../../format/dates'
import { expressCoupon as copy } from '../../copy/express-coupon'
import { formatMoney } from '../../../contract/money-text'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { useTimeLeft } from '../../shared/use-time-left'
import { HowItWorks } from '../../components/how-it-works'
import { Modal } from '../../components/modal'
import { Spinner } from '../../components/spinner'
import { couponActors } from './express-coupon.actors'
import './express-coupon.css'
import { RetryPanel } from '../../components/retry'
import { FormError } from '../../components/form-error'

type CouponActor = ActorRefFrom<typeof couponMachine>

/**
 * /expressCoupon: buy a coupon, its status, the tracking of its active missions and the claim;
 * the player's coupons below. Every state of the coupon machine shows here.
 */
export function Component() {
  const actor = usePageActor(couponMachine, couponActors)
  const step = useSelector(actor, selectCouponStep)
  const canBuy = useSelector(actor, selectCanBuy)
  const coupon = useSelector(actor, selectCoupon)
  const offer = useSelector(actor, selectOffer)

  return (
    <div className="page express-coupon">
      <div className="page__header">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
      </div>
      {step === 'loading' ? (
        <section className="card" aria-label={copy.loading}>
          <Spinner label={copy.loading} />
        </section>
      ) : null}
      {step === 'failed' ? <Failed actor={actor} /> : null}
      {coupon && step !== 'failed' && step !== 'loading' ? (
        <CouponCard actor={actor} coupon={coupon} step={step} />
      ) : null}
      {canBuy && offer ? <OfferCard actor={actor} offer={offer} step={step} /> : null}
      {offer ? <History actor={actor} /> : null}
      {/* After the coupon has loaded, not before: under the loading card it would be in view, then
          pushed down by the cards (a layout shift of 0.55 on a phone); appearing under them, it
          moves only the footer, which main's height keeps out of view. */}
      {step === 'loading' ? null : (
        <HowItWorks
          id="coupon-how"
          title={copy.howTitle}
          steps={copy.howSteps}
          note={copy.howNote}
        />
      )}
    </div>
  )
}

function Failed({ actor }: { actor: CouponActor }) {
  const error = useSelector(actor, selectCouponError)
  return (
    <RetryPanel
      title={copy.failed}
      error={error}
      onRetry={() => actor.send({ type: 'coupon.retry' })}
      className="card"
    />
  )
}

function ErrorLine({ actor }: { actor: CouponActor }) {
  const error = useSelector(actor, selectCouponError)
  return <FormError message={error} />
}

/** The coupon on sale: its price, reward, duration and missions, and the way to buy it. */
function OfferCard({
  actor,
  offer,
  step,
}: {
  actor: CouponActor
  offer: CouponOffer
  step: CouponStep
}) {
  const another = useSelector(actor, selectCoupon) !== null
  return (
    <section className="card card--gold coupon-offer" aria-labelledby="coupon-offer-title">
      <h2 id="coupon-offer-title" className="card__title">
        {copy.offerTitle}
      </h2>
      <dl className="facts">
        <div className="facts__item facts__item--prize">
          <dt>{copy.reward}</dt>
          <dd>{formatMoney(offer.reward)}</dd>
        </div>
        <div className="facts__item">
          <dt>{copy.price}</dt>
          <dd>{formatMoney(offer.price)}</dd>
        </div>
        <div className="facts__item">
          <dt>{copy.duration}</dt>
          <dd>{copy.hours(offer.durationHours)}</dd>
        </div>
        <div className="facts__item">
          <dt>{copy.missionsCount}</dt>
          <dd>{offer.missions.length}</dd>
        </div>
      </dl>
      <h3 className="coupon-offer__subtitle">{copy.offerMissions}</h3>
      <ul className="coupon-missions">
        {offer.missions.map((mission) => (
          <li key={mission.title} className="coupon-mission">
            <span className="coupon-mission__network">{socialNetwork(mission.network).name}</span>
            <span className="coupon-mission__title">{mission.title}</span>
            <span className="coupon-mission__reward">
              {copy.missionReward(formatMoney(mission.reward))}
            </span>
          </li>
        ))}
      </ul>
      <div className="coupon-card__actions" aria-live="polite">
        <ErrorLine actor={actor} />
        <button
          type="button"
          className="button button--gold button--block"
          disabled={step === 'buying'}
          onClick={() => actor.send({ type: 'coupon.buy' })}
        >
          {step === 'buying' ? copy.buying : another ? copy.buyAnother : copy.buy}
        </button>
      </div>
      <ConfirmPurchase actor={actor} offer={offer} open={step === 'confirming'} />
    </section>
  )
}

function ConfirmPurchase({
  actor,
  offer,
  open,
}: {
  actor: CouponActor
  offer: CouponOffer
  open: boolean
}) {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  const balance = balances ? balances[offer.price.currency] : null
  const cancel = () => actor.send({ type: 'coupon.cancel' })
  return (
    <Modal
      open={open}
      title={copy.confirmTitle}
      onClose={cancel}
      width={420}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={cancel}>
            {copy.cancel}
          </button>
          <button
            type="button"
            className="button button--gold"
            onClick={() => actor.send({ type: 'coupon.confirm' })}
          >
            {copy.confirm}
          </button>
        </>
      }
    >
      <p>{copy.confirmText(formatMoney(offer.price))}</p>
      {balance !== null ? (
        <p className="muted">
          {copy.confirmBalance(formatMoney({ currency: offer.price.currency, amount: balance }))}
        </p>
      ) : null}
    </Modal>
  )
}

/** The player's latest coupon: its status, and what it asks of them now. */
function CouponCard({
  actor,
  coupon,
  step,
}: {
  actor: CouponActor
  coupon: Coupon
  step: CouponStep
}) {
  const running = ['active', 'tracking', 'claimable', 'claiming'].includes(step)
  return (
    <section
      className={`card coupon-card coupon-card--${coupon.status}`}
      aria-labelledby="coupon-title"
    >
      <div className="coupon-card__head">
        <h2 id="coupon-title" className="card__title">
          {copy.yourCoupon}
        </h2>
        <p className="badge">{copy.status[coupon.status]}</p>
      </div>
      <p className="muted">{copy.boughtOn(formatDateTime(coupon.boughtAt))}</p>
      {step === 'pending' || step === 'activating' ? (
        <div className="coupon-card__actions">
          <p>
            {copy.pendingText(copy.hours(coupon.durationHours), coupon.progress.total)}{' '}
            {copy.reward}: <strong>{formatMoney(coupon.reward)}</strong>.
          </p>
          <ErrorLine actor={actor} />
          <button
            type="button"
            className="button button--gold button--block"
            disabled={step === 'activating'}
            onClick={() => actor.send({ type: 'coupon.activate' })}
          >
            {step === 'activating' ? copy.activating : copy.activate}
          </button>
        </div>
      ) : null}
      {running ? <Tracking actor={actor} coupon={coupon} step={step} /> : null}
      {step === 'claimed' && coupon.claimedAt ? (
        <p className="coupon-card__result coupon-card__result--won">
          {copy.claimedText(formatMoney(coupon.reward), formatDateTime(coupon.claimedAt))}
        </p>
      ) : null}
      {step === 'expired' ? (
        <p className="coupon-card__result">
          {copy.expiredText(coupon.progress.done, coupon.progress.total)}
        </p>
      ) : null}
    </section>
  )
}

/** An active or completed coupon: the time left, the progress and each mission. */
function Tracking({
  actor,
  coupon,
  step,
}: {
  actor: CouponActor
  coupon: Coupon
  step: CouponStep
}) {
  const left = useTimeLeft(coupon.status === 'active' ? coupon.expiresAt : null)
  const { done, total } = coupon.progress
  const claimable = step === 'claimable' || step === 'claiming'
  return (
    <>
      {coupon.expiresAt && !claimable ? (
        <p className="coupon-card__countdown" role="timer">
          {left === null
            ? copy.expiresOn(formatDateTime(coupon.expiresAt))
            : left > 0
              ? copy.expiresIn(formatTimeLeft(left))
              : copy.timeUp}
        </p>
      ) : null}
      <p>
        {copy.reward}: <strong className="coupon-card__reward">{formatMoney(coupon.reward)}</strong>
      </p>
      <p className="coupon-card__progress">{copy.progress(done, total)}</p>
      <meter className="meter" min={0} max={total} value={done} aria-label={copy.progressLabel} />
      <h3 className="coupon-offer__subtitle">{copy.activeMissions}</h3>
      <ul className="coupon-missions" aria-label={copy.activeMissions}>
        {coupon.missions.map((mission) => (
          <MissionLine key={mission.id} mission={mission} />
        ))}
      </ul>
      {claimable ? null : <p className="muted">{copy.missionHint}</p>}
      <div className="coupon-card__actions" aria-live="polite">
        {claimable ? <p className="coupon-card__result--won">{copy.claimableText}</p> : null}
        <ErrorLine actor={actor} />
        {claimable ? (
          <button
            type="button"
            className="button button--gold button--block"
            disabled={step === 'claiming'}
            onClick={() => actor.send({ type: 'coupon.claim' })}
          >
            {step === 'claiming' ? copy.claiming : copy.claim(formatMoney(coupon.reward))}
          </button>
        ) : (
          <button
            type="button"
            className="button button--teal"
            disabled={step === 'tracking'}
            onClick={() => actor.send({ type: 'coupon.track' })}
          >
            {step === 'tracking' ? copy.tracking : copy.track}
          </button>
        )}
      </div>
    </>
  )
}

function MissionLine({ mission }: { mission: CouponMission }) {
  const network = socialNetwork(mission.network)
  const open = mission.state === 'added' || mission.state === 'claimable'
  return (
    <li className={`coupon-mission coupon-mission--${mission.state}`}>
      <span className="coupon-mission__network">{network.name}</span>
      <span className="coupon-mission__title">{mission.title}</span>
      <span className="coupon-mission__reward">
        {copy.missionReward(formatMoney(mission.reward))}
      </span>
      <span className="coupon-mission__state">{copy.missionState[mission.state]}</span>
      {open ? (
        <Link
          className="button button--small"
          to={`/missions?${new URLSearchParams({ red: network.key, mision: mission.id }).toString()}`}
          aria-label={copy.goToMissionLabel(mission.title)}
        >
          {copy.goToMission}
        </Link>
      ) : null}
    </li>
  )
}

/** The player's coupons, newest first: when each was bought, how it ended, how far it got. */
function History({ actor }: { actor: CouponActor }) {
  const history = useSelector(actor, selectHistory)
  return (
    <section className="card" aria-labelledby="coupon-history">
      <h2 id="coupon-history" className="card__title">
        {copy.historyTitle}
      </h2>
      {history.length === 0 ? (
        <p className="muted">{copy.historyEmpty}</p>
      ) : (
        <ul className="coupon-history" aria-labelledby="coupon-history">
          {history.map((entry) => (
            <li key={entry.id} className="coupon-history__item">
              <span>{copy.historyEntry(formatDateTime(entry.boughtAt))}</span>
              <span className="badge">{copy.status[entry.status]}</span>
              <span className="muted">
                {copy.progress(entry.progress.done, entry.progress.total)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
