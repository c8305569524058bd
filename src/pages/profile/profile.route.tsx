import { useId } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Link } from 'react-router-dom'
import { phoneBody, type Profile } from '../../../contract/user'
import { profileSettingsMachine } from '../../../machines/profile-settings/profile-settings.machine'
import {
  selectIsSavingPhone,
  selectIsSavingShareEmail,
  selectPhone,
  selectPhoneErrors,
  selectShareEmail,
  selectShareEmailError,
} from '../../../machines/profile-settings/profile-settings.selectors'
import { formatDateTime } from '../../format/dates'
import { formatInteger } from '../../../contract/money-text'
import { formatTimeLeft } from '../../format/dates'
import { profile as copy } from '../../copy/profile'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { Meter } from '../../components/meter'
import { RankBadge } from '../../components/rank-badge'
import { ResourceStatus, useResourceAnswered } from '../../components/resource-status'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import {
  profileActors,
  profileMachine,
  profileProgressActors,
  profileProgressMachine,
  profileSettingsActors,
} from './profile.actors'
import './profile.css'
import { FormError } from '../../components/form-error'

/** /profile: rank image, name, game stats, the share-email checkbox, progress with time left. */
export function Component() {
  const actor = usePageActor(profileMachine, profileActors)
  // Asked for with the profile, not once it has answered.
  const progress = usePageActor(profileProgressMachine, profileProgressActors)
  return (
    <div className="page profile-page">
      <ResourceStatus actor={actor} loading={copy.loading} empty={copy.empty} failed={copy.failed}>
        {(profile) => <ProfileView profile={profile} progress={progress} />}
      </ResourceStatus>
    </div>
  )
}

type ProgressActor = ActorRefFrom<typeof profileProgressMachine>

function ProfileView({ profile, progress }: { profile: Profile; progress: ProgressActor }) {
  // The settings appear under the progress card once it has answered: under its spinner they were
  // in view on a desktop, then pushed down by it (a layout shift of 0.005 at 1280x800).
  const progressAnswered = useResourceAnswered(progress)
  const stats: [string, number][] = [
    [copy.stats.minedTerycarbons, profile.stats.mined.terycarbons],
    [copy.stats.minedGems, profile.stats.mined.gems],
    [copy.stats.teamBonus, profile.stats.teamBonusGems],
    [copy.stats.rankGems, profile.stats.rankGems],
    [copy.stats.weekGems, profile.stats.weekGems],
    [copy.stats.stationsOn, profile.stats.stationsOn],
    [copy.stats.team, profile.referrals.team],
    [copy.stats.direct, profile.referrals.direct],
    [copy.stats.penalties, profile.stats.penalties],
  ]
  return (
    <>
      <section className="card card--gold profile-head" aria-labelledby="profile-name">
        <RankBadge
          index={profile.rank.index}
          label={profile.rank.name}
          className="profile-head__badge"
        />
        <div>
          <h1 id="profile-name">{profile.name}</h1>
          <p className="profile-head__rank">{profile.rank.name}</p>
          <p className="muted">
            {copy.code(profile.code)} · {copy.since(formatDateTime(profile.createdAt))}
          </p>
        </div>
      </section>
      {profile.penalized ? (
        <p className="status-panel profile-penalized" role="status">
          {copy.penalized}
        </p>
      ) : null}

      <section className="card" aria-labelledby="profile-stats">
        <h2 id="profile-stats">{copy.stats.title}</h2>
        <dl className="stats">
          {stats.map(([label, value]) => (
            <div key={label} className="stats__item">
              <dt>{label}</dt>
              <dd>{formatInteger(value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ProfileProgress actor={progress} />
      {progressAnswered ? <Settings profile={profile} /> : null}
    </>
  )
}

function ProfileProgress({ actor }: { actor: ProgressActor }) {
  return (
    <section className="card" aria-labelledby="profile-progress">
      <h2 id="profile-progress">{copy.progress.title}</h2>
      <ResourceStatus actor={actor} loading={copy.loading} empty={copy.empty}>
        {(progress) => (
          <>
            {progress.next ? (
              <>
                <p>{copy.progress.next(progress.next.name, progress.next.percent)}</p>
                <Meter
                  label={copy.progress.next(progress.next.name, progress.next.percent)}
                  value={progress.next.percent}
                  max={100}
                />
              </>
            ) : (
              <p>{copy.progress.top}</p>
            )}
            <p className="muted">
              {copy.progress.week(formatTimeLeft(progress.week.secondsLeft * 1000))}
            </p>
            <Link to="/progress">{copy.progress.link}</Link>
          </>
        )}
      </ResourceStatus>
    </section>
  )
}

function Settings({ profile }: { profile: Profile }) {
  const { toaster } = useAppActors()
  const actor = usePageActor(profileSettingsMachine, profileSettingsActors, {
    input: { shareEmail: profile.shareEmail, phone: profile.phone },
    effects: {
      'phone.saved': () => toaster.send({ type: 'toast.show', message: copy.settings.phoneSaved }),
    },
  })
  const shareEmail = useSelector(actor, selectShareEmail)
  const savingShare = useSelector(actor, selectIsSavingShareEmail)
  const shareError = useSelector(actor, selectShareEmailError)
  const phone = useSelector(actor, selectPhone)
  const savingPhone = useSelector(actor, selectIsSavingPhone)
  const phoneErrors = useSelector(actor, selectPhoneErrors)
  const serverErrors: Record<string, string> = phoneErrors.field ? { phone: phoneErrors.field } : {}
  const form = useForm(phoneBody, { phone }, serverErrors)
  const hintId = useId()

  return (
    <section className="card settings" aria-labelledby="profile-settings">
      <h2 id="profile-settings">{copy.settings.title}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={shareEmail}
          disabled={savingShare}
          aria-describedby={hintId}
          onChange={(event) =>
            actor.send({ type: 'shareEmail.toggle', shareEmail: event.target.checked })
          }
        />
        {copy.settings.shareEmail}
        {savingShare ? <span className="muted"> · {copy.settings.saving}</span> : null}
      </label>
      <p id={hintId} className="field__hint">
        {copy.settings.shareEmailHint}
      </p>
      <FormError message={shareError} />
      <form
        className="form settings__phone"
        noValidate
        aria-label={copy.settings.phone}
        onSubmit={form.handleSubmit((values) => actor.send({ type: 'phone.submit', ...values }))}
      >
        <TextField
          label={copy.settings.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint={copy.settings.phoneHint}
          {...form.field('phone')}
        />
        {phoneErrors.message && !phoneErrors.field ? (
          <FormError message={phoneErrors.message} />
        ) : null}
        <button type="submit" className="button button--teal" disabled={savingPhone}>
          {savingPhone ? copy.settings.saving : copy.settings.savePhone}
        </button>
      </form>
    </section>
  )
}
