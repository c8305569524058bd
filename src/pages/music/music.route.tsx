import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { musicLinkMachine } from '../../../machines/music-link/music-link.machine'
import {
  selectClaimed,
  selectIsAcknowledging,
  selectIsStrikeShown,
  selectLastSync,
  selectMusicError,
  selectMusicStatus,
  selectMusicStep,
  selectRefusal,
  selectSyncStage,
} from '../../../machines/music-link/music-link.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { linkMusicEmailBody, type MusicStatus } from '../../../contract/music'
import { formatDateTime } from '../../format/dates'
import { formatInteger, formatMoney } from '../../../contract/money-text'
import { music } from '../../copy/music'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { Modal } from '../../components/modal'
import { ResourceStatus } from '../../components/resource-status'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import { musicLinkActors, recentPlaysActors, recentPlaysMachine } from './music.actors'
import { RetryButton } from '../../components/retry'
import { FormError } from '../../components/form-error'

type MusicActor = ActorRefFrom<typeof musicLinkMachine>

/**
 * /music: link a music account, sync the listening, claim the accumulated reward; the tutorial,
 * the VPN warning and the strike notice.
 */
export function Component() {
  const recent = usePageActor(recentPlaysMachine, recentPlaysActors)
  const section = usePageActor(musicLinkMachine, musicLinkActors, {
    effects: {
      // Authorizing happens on the provider's site (or straight at /music/callback, locally).
      'music.redirect': ({ url }) => window.location.assign(url),
      'plays.changed': () => recent.send({ type: 'resource.reload' }),
    },
  })
  const step = useSelector(section, selectMusicStep)
  const status = useSelector(section, selectMusicStatus)
  const linked = ['linked', 'syncing', 'claimable', 'claiming', 'claimed'].includes(step)

  return (
    <div className="page music">
      <div className="page__header">
        <h1>{music.title}</h1>
        <p className="music__section">{music.section}</p>
        <p>{music.intro}</p>
      </div>
      {status?.simulated ? (
        <p className="notice" role="note">
          {music.simulated}
        </p>
      ) : null}
      <StepView actor={section} />
      {linked ? (
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title" className="card__title">
            {music.recentTitle}
          </h2>
          <ResourceStatus
            actor={recent}
            loading={music.recentLoading}
            empty={music.recentEmpty}
            failed={music.recentFailed}
          >
            {(plays) => (
              <ul className="plays">
                {plays.map((play) => (
                  <li key={play.id} className={`play play--${play.state}`}>
                    <span className="play__track">
                      <strong>{play.trackName}</strong>
                      <span className="muted">{play.artistName}</span>
                    </span>
                    <span className="play__when muted">{formatDateTime(play.playedAt)}</span>
                    <span className="play__state">
                      {music.playStates[play.state]}
                      {play.reason ? ` · ${music.rejections[play.reason]}` : ''}
                      {play.amount > 0 && status
                        ? ` · ${music.playEarns(formatMoney({ currency: status.claimable.reward.currency, amount: play.amount }))}`
                        : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ResourceStatus>
        </section>
      ) : null}
      {/* Under the linking step once it is known: under its spinner it was in view, then pushed
          down by the step's card (a layout shift of 0.19 on a phone). */}
      {step === 'loading' ? null : <Tutorial />}
      <StrikeNotice actor={section} />
    </div>
  )
}

function StepView({ actor }: { actor: MusicActor }) {
  const step = useSelector(actor, selectMusicStep)
  const error = useSelector(actor, selectMusicError)
  const refusal = useSelector(actor, selectRefusal)
  const status = useSelector(actor, selectMusicStatus)
  const retry = () => actor.send({ type: 'access.retry' })

  if (step === 'loading') return <Spinner label={music.loading} />
  if (step === 'failed') {
    return (
      <section className="card" role="alert">
        <p>{music.failed}</p>
        <p className="muted">{error}</p>
        <RetryButton onRetry={retry} />
      </section>
    )
  }
  if (step === 'vpnWarning') {
    return (
      <section className="card vpn-warning" role="alert" aria-labelledby="vpn-title">
        <h2 id="vpn-title" className="card__title">
          {music.vpnTitle}
        </h2>
        <p>{refusal ? music.refusals[refusal] : null}</p>
        <RetryButton onRetry={retry} tone="gold" />
      </section>
    )
  }
  if (step === 'email' || step === 'savingEmail') {
    return <EmailForm actor={actor} saving={step === 'savingEmail'} error={error} />
  }
  if (step === 'ready' || step === 'linking') {
    return (
      <section className="card card--gold" aria-labelledby="link-title">
        <h2 id="link-title" className="card__title">
          {music.emailTitle}
        </h2>
        <p>{music.readyText(status?.link.email ?? '')}</p>
        <FormError message={error} />
        {step === 'linking' ? (
          <Spinner label={music.linking} />
        ) : (
          <div className="actions">
            <button
              type="button"
              className="button button--gold"
              onClick={() => actor.send({ type: 'link.start' })}
            >
              {music.link}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'email.change' })}
            >
              {music.changeEmail}
            </button>
          </div>
        )}
      </section>
    )
  }
  return status ? <Dashboard actor={actor} status={status} /> : null
}

function EmailForm({
  actor,
  saving,
  error,
}: {
  actor: MusicActor
  saving: boolean
  error: string | null
}) {
  const form = useForm(linkMusicEmailBody, { email: '' })
  return (
    <section className="card card--gold" aria-labelledby="email-title">
      <h2 id="email-title" className="card__title">
        {music.emailTitle}
      </h2>
      <p className="muted">{music.emailText}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="email-title"
        onSubmit={form.handleSubmit(({ email }) => actor.send({ type: 'email.submit', email }))}
      >
        <TextField
          label={music.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <FormError message={error} />
        <button type="submit" className="button button--gold" disabled={saving}>
          {saving ? music.savingEmail : music.saveEmail}
        </button>
      </form>
    </section>
  )
}

function Dashboard({ actor, status }: { actor: MusicActor; status: MusicStatus }) {
  const step = useSelector(actor, selectMusicStep)
  const stage = useSelector(actor, selectSyncStage)
  const lastSync = useSelector(actor, selectLastSync)
  const claimed = useSelector(actor, selectClaimed)
  const error = useSelector(actor, selectMusicError)
  const { claimable, today, strikes, link } = status
  const currency = claimable.reward.currency
  const busy = step === 'syncing' || step === 'claiming'

  return (
    <>
      <section className="card card--gold music-reward" aria-labelledby="reward-title">
        <p className="muted">
          {music.linkedAs(link.accountName ?? '', link.email ?? '')}
          <br />
          {link.lastSyncedAt
            ? music.lastSync(formatDateTime(link.lastSyncedAt))
            : music.neverSynced}
        </p>
        <h2 id="reward-title" className="card__title">
          {music.rewardTitle}
        </h2>
        {claimable.reward.amount > 0 ? (
          <p className="music-reward__amount">
            {music.reward(formatMoney(claimable.reward), claimable.plays)}
          </p>
        ) : (
          <p className="muted">{music.noReward}</p>
        )}
        <div aria-live="polite">
          {claimed ? (
            <p className="music-reward__claimed">{music.claimed(formatMoney(claimed))}</p>
          ) : null}
          {stage ? <Spinner label={music.stages[stage]} /> : null}
          {lastSync && !stage ? (
            <p className="muted">
              {music.syncSummary(lastSync.imported, lastSync.accepted, lastSync.rejected)}
            </p>
          ) : null}
          <FormError message={error} />
        </div>
        <div className="actions">
          {step === 'claimable' || step === 'claiming' ? (
            <button
              type="button"
              className="button button--gold"
              disabled={busy}
              onClick={() => actor.send({ type: 'reward.claim' })}
            >
              {step === 'claiming' ? music.claiming : music.claim}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--teal"
            disabled={busy}
            onClick={() => actor.send({ type: 'music.sync' })}
          >
            {music.sync}
          </button>
        </div>
      </section>
      <section className="card music-today" aria-label={music.todayLabel}>
        <p>
          {music.today(formatInteger(today.earned), formatMoney({ currency, amount: today.cap }))}
        </p>
        <meter
          className="meter"
          min={0}
          max={today.cap}
          value={today.earned}
          aria-label={music.todayLabel}
        />
        <p className="muted">{music.strikes(strikes.count, strikes.max)}</p>
      </section>
    </>
  )
}

function Tutorial() {
  const { config } = useAppActors()
  const rules = useSelector(config, (snapshot) => selectData(snapshot)?.rules.music)
  return (
    <section className="card" aria-labelledby="tutorial-title">
      <details className="tutorial">
        <summary id="tutorial-title">{music.tutorialTitle}</summary>
        <ol className="steps">
          {music.tutorial.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {rules ? (
          <>
            <h3>{music.rulesTitle}</h3>
            <ul>
              {music
                .rules(
                  formatMoney(rules.rewardPerPlay),
                  formatMoney({ currency: rules.rewardPerPlay.currency, amount: rules.dailyCap }),
                  rules.minTrackSeconds,
                  rules.maxPlaysPerTrackPerDay,
                  rules.maxStrikes,
                )
                .map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
            </ul>
          </>
        ) : null}
      </details>
    </section>
  )
}

function StrikeNotice({ actor }: { actor: MusicActor }) {
  const shown = useSelector(actor, selectIsStrikeShown)
  const acknowledging = useSelector(actor, selectIsAcknowledging)
  const status = useSelector(actor, selectMusicStatus)
  return (
    <Modal
      open={shown}
      title={music.strikeTitle}
      width={440}
      footer={
        <button
          type="button"
          className="button button--gold"
          disabled={acknowledging}
          onClick={() => actor.send({ type: 'strike.acknowledge' })}
        >
          {music.strikeAcknowledge}
        </button>
      }
    >
      <p>{music.strikeText(status?.strikes.count ?? 0, status?.strikes.max ?? 0)}</p>
    </Modal>
  )
}
