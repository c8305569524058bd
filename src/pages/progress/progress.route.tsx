import { useMemo, useState } from 'react'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { RankProgress } from '../../../contract/progress'
import { rankRewardMachine } from '../../../machines/rank-reward/rank-reward.machine'
import {
  selectReward,
  selectRewardError,
  selectRewardStatus,
} from '../../../machines/rank-reward/rank-reward.selectors'
import { formatPercent } from '../../format/numbers'
import { formatTimeLeft } from '../../format/dates'
import { progress as copy } from '../../copy/progress'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { Meter } from '../../components/meter'
import { RankBadge } from '../../components/rank-badge'
import { ResourceStatus } from '../../components/resource-status'
import {
  progressActors,
  progressMachine,
  rankDetailActors,
  rankDetailMachine,
  rankRewardActors,
} from './progress.actors'
import './progress.css'
import { RetryButton } from '../../components/retry'
import { FormError } from '../../components/form-error'

/** /progress: the rank, the referrals toward the next one, and every rank's detail and gems. */
export function Component() {
  const actor = usePageActor(progressMachine, progressActors)
  return (
    <div className="page progress-page">
      <div className="page__header">
        <h1>{copy.title}</h1>
      </div>
      <ResourceStatus actor={actor} loading={copy.loading} empty={copy.empty} failed={copy.failed}>
        {(data) => (
          <ProgressView progress={data} onClaimed={() => actor.send({ type: 'resource.reload' })} />
        )}
      </ResourceStatus>
    </div>
  )
}

function ProgressView({ progress, onClaimed }: { progress: RankProgress; onClaimed: () => void }) {
  const [claimableIndex] = progress.claimable
  const claimable = claimableIndex === undefined ? undefined : progress.ranks[claimableIndex]
  // The pager opens on the rank whose gems wait (else the one held); which rank it shows is the
  // view's own.
  const [shown, setShown] = useState(claimableIndex ?? progress.rank.index)
  const step = progress.ranks[shown]
  return (
    <>
      {claimable ? (
        <section className="card card--gold progress-claim" aria-labelledby="progress-claim">
          <RankBadge index={claimable.index} className="progress-rank__badge" />
          <div>
            <h2 id="progress-claim">{copy.claim.title(claimable.name)}</h2>
            <p>
              {progress.played
                ? copy.claim.text(
                    claimable.gems,
                    claimable.index > progress.rank.index ? formatPercent(claimable.percent) : null,
                  )
                : copy.claim.waiting(claimable.gems)}
            </p>
            {progress.claimable.length > 1 ? (
              <p className="muted">{copy.claim.more(progress.claimable.length - 1)}</p>
            ) : null}
            <RankReward
              key={`claim-${claimable.index}`}
              index={claimable.index}
              onClaimed={onClaimed}
              expected={{ gems: claimable.gems, played: progress.played }}
            />
          </div>
        </section>
      ) : null}
      <section className="card card--gold progress-rank" aria-labelledby="progress-rank">
        <RankBadge
          index={progress.rank.index}
          label={progress.rank.name}
          className="progress-rank__badge"
        />
        <div>
          <h2 id="progress-rank">
            {copy.rank}: {progress.rank.name}
          </h2>
          <p>{copy.percent(formatPercent(progress.rank.percent))}</p>
          <p className="muted">{copy.week(formatTimeLeft(progress.week.secondsLeft * 1000))}</p>
        </div>
      </section>

      <section className="card" aria-labelledby="progress-referrals">
        <h2 id="progress-referrals">{copy.referrals}</h2>
        <p>
          {copy.team(progress.team)} · {copy.direct(progress.direct)}
        </p>
        <p className="muted">
          {copy.qualified(progress.qualified.team, progress.qualified.direct)}
        </p>
        {progress.next ? (
          <>
            <p className="progress-next">{copy.next(progress.next.name)}</p>
            <Meter
              label={copy.nextLabel(progress.next.name, progress.next.percent)}
              value={progress.next.percent}
              max={100}
            />
            <p className="muted">
              {copy.missing(progress.next.missingTeam, progress.next.missingDirect)}
            </p>
          </>
        ) : (
          <p>{copy.top}</p>
        )}
      </section>

      {step ? (
        <section className="card rank-pager" aria-labelledby="rank-pager">
          <h2 id="rank-pager">{copy.pager.title}</h2>
          <nav className="rank-pager__nav" aria-label={copy.pager.label}>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={copy.pager.previous}
              disabled={shown === 0}
              onClick={() => setShown(shown - 1)}
            >
              ‹
            </button>
            <span aria-live="polite">{copy.pager.position(shown)}</span>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={copy.pager.next}
              disabled={shown === progress.ranks.length - 1}
              onClick={() => setShown(shown + 1)}
            >
              ›
            </button>
          </nav>
          <div className="rank-pager__rank">
            <RankBadge index={step.index} className="rank-pager__badge" />
            <div>
              <h3>
                {step.name} · {formatPercent(step.percent)}
              </h3>
              <p className="muted">
                {step.index === progress.rank.index
                  ? copy.pager.held
                  : step.reached
                    ? copy.pager.reached
                    : copy.pager.locked}
              </p>
              <p>{copy.pager.requirement(step.requirement.team, step.requirement.direct)}</p>
            </div>
          </div>
          <RankBenefits key={`benefits-${shown}`} index={shown} />
          {/* A claim made above remounts it, so it shows the rank's gems as claimed. */}
          <RankReward
            key={`reward-${shown}-${String(step.claimed)}`}
            index={shown}
            onClaimed={onClaimed}
          />
        </section>
      ) : null}
    </>
  )
}

function RankBenefits({ index }: { index: number }) {
  const actors = useMemo(() => rankDetailActors(index), [index])
  const actor = usePageActor(rankDetailMachine, actors)
  return (
    <div className="rank-benefits">
      <h4>{copy.pager.benefits}</h4>
      <ResourceStatus
        actor={actor}
        loading={copy.pager.loading}
        empty={copy.pager.empty}
        failed={copy.pager.failed}
      >
        {(detail) => (
          <ul>
            {detail.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        )}
      </ResourceStatus>
    </div>
  )
}

/**
 * A rank's gems and what the player can do with them, as the server answers. `expected`: what the
 * progress already says of them (a rank reached and not claimed: its gems, and whether the player
 * has played), drawn while the server is asked, disabled, so the claim above the rank's card keeps
 * the room of its answer: drawn as one line, it grew and pushed the rank and the referrals down (a
 * layout shift of 0.05 on a phone).
 */
function RankReward({
  index,
  onClaimed,
  expected,
}: {
  index: number
  onClaimed: () => void
  expected?: { gems: number; played: boolean }
}) {
  const { toaster } = useAppActors()
  const actor = usePageActor(rankRewardMachine, rankRewardActors, {
    input: { rankIndex: index },
    effects: {
      'reward.claimed': ({ claim }) => {
        toaster.send({
          type: 'toast.show',
          message: copy.reward.paid(claim.gems, claim.name),
        })
        onClaimed()
      },
    },
  })
  const answered = useSelector(actor, selectRewardStatus)
  const reward = useSelector(actor, selectReward)
  const error = useSelector(actor, selectRewardError)
  const checking = answered === 'checking'
  const status = checking && expected ? (expected.played ? 'claimable' : 'needsPlay') : answered
  const gems = reward?.gems ?? expected?.gems ?? 0
  return (
    <div className="rank-reward" aria-live="polite" aria-busy={checking}>
      {reward || expected ? <p className="rank-reward__title">{copy.reward.title(gems)}</p> : null}
      {status === 'checking' ? <p className="muted">{copy.reward.checking}</p> : null}
      {status === 'failed' ? (
        <div role="alert">
          <p className="form__error">
            {copy.reward.failed} {error}
          </p>
          <RetryButton onRetry={() => actor.send({ type: 'reward.retry' })} />
        </div>
      ) : null}
      {status === 'notReached' ? <p className="muted">{copy.reward.notReached}</p> : null}
      {status === 'needsPlay' ? (
        <>
          <p>{copy.reward.needsPlay}</p>
          <Link className="button button--gold" to="/missions">
            {copy.reward.play}
          </Link>
        </>
      ) : null}
      {status === 'claimed' ? <p className="rank-reward__done">{copy.reward.claimed}</p> : null}
      {status === 'claimable' || status === 'claiming' ? (
        <button
          type="button"
          className="button button--gold"
          disabled={status === 'claiming' || checking}
          onClick={() => actor.send({ type: 'reward.claim' })}
        >
          {status === 'claiming' ? copy.reward.claiming : copy.reward.claim(gems)}
        </button>
      ) : null}
      {status === 'claimable' && error ? <FormError message={error} /> : null}
    </div>
  )
}
