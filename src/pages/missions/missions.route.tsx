import { useLayoutEffect } from 'react'
import { useSelector } from '@xstate/react'
import { useLocation, useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import {
  describeReward,
  socialAccountForm,
  SOCIAL_NETWORKS,
  socialNetwork,
  type Mission,
  type SocialNetwork,
  type SocialNetworkType,
} from '../../../contract/missions'
import { missionTileMachine } from '../../../machines/mission-tile/mission-tile.machine'
import {
  selectCanRetry,
  selectMission,
  selectShowsLink,
  selectTileMessage,
  selectTileStatus,
} from '../../../machines/mission-tile/mission-tile.selectors'
import { selectIsOpen } from '../../../machines/disclosure/disclosure.selectors'
import { notificationsMachine } from '../../../machines/notifications/notifications.machine'
import {
  selectCanMarkAll,
  selectIsMarking,
  selectNewCount,
  selectNotificationsError,
} from '../../../machines/notifications/notifications.selectors'
import { socialAccountMachine } from '../../../machines/social-account/social-account.machine'
import {
  selectAccount,
  selectAccountStatus,
  selectInputError,
  selectLoadError,
  selectRejectionReason,
} from '../../../machines/social-account/social-account.selectors'
import { earning, missions } from '../../copy/earning'
import { formatDateTime } from '../../format/dates'
import { useFocusRecovery } from '../../app/use-focus-recovery'
import { useAppActors } from '../../app/app-context'
import { deviceId } from '../../shared/device-id'
import { usePageActor } from '../../app/use-page-actor'
import { ExternalLink } from '../../components/external-link'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { RewardChip } from '../../components/reward-chip'
import { Spinner } from '../../components/spinner'
import { Tabs } from '../../components/tabs'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import {
  availableMissionsActors,
  availableMissionsMachine,
  missionAccessActors,
  missionAccessMachine,
  missionTileActors,
  notificationListActors,
  notificationListMachine,
  notificationsActors,
  notificationsPanelMachine,
  socialAccountActors,
} from './missions.actors'
import '../../styles/earning.css'
import { RetryButton } from '../../components/retry'

type NotificationsActor = ActorRefFrom<typeof notificationsMachine>

/** /missions: the device check, notifications, and per network its account and missions. */
export function Component() {
  const access = usePageActor(missionAccessMachine, missionAccessActors)
  return (
    <div className="page earning">
      <div className="page__header">
        <h1>{missions.title}</h1>
        <p>{missions.intro}</p>
      </div>
      <ResourceStatus
        actor={access}
        loading={missions.checkingAccess}
        empty={missions.checkingAccess}
      >
        {({ allowed, message }) =>
          allowed ? (
            <MissionsBoard />
          ) : (
            <section className="card access-denied" role="alert">
              <h2>{missions.accessDeniedTitle}</h2>
              <p>{message}</p>
            </section>
          )
        }
      </ResourceStatus>
    </div>
  )
}

function MissionsBoard() {
  const list = usePageActor(notificationListMachine, notificationListActors)
  const notifications = usePageActor(notificationsMachine, notificationsActors, {
    effects: { 'notifications.viewed': () => list.send({ type: 'resource.reload' }) },
  })
  const [params, setParams] = useSearchParams()
  const network =
    SOCIAL_NETWORKS.find((item) => item.key === params.get('red')) ?? SOCIAL_NETWORKS[0]
  // The mission a link pointed at (a coupon's IR A LA MISIÓN): shown highlighted.
  const pointedAt = params.get('mision')
  if (!network) return null
  const tabs = SOCIAL_NETWORKS.map((item) => ({ id: item.key, label: item.name }))

  return (
    <>
      <NotificationsPanel actor={notifications} list={list} />
      <Tabs
        label={missions.tabsLabel}
        tabs={tabs}
        selected={network.key}
        onSelect={(key) => setParams({ red: key }, { replace: true })}
      >
        <NetworkPanel
          key={network.type}
          network={network}
          pointedAt={pointedAt}
          onClaimed={() => notifications.send({ type: 'notifications.refresh' })}
        />
      </Tabs>
    </>
  )
}

/**
 * The list item of the mission a link pointed at: highlighted, and brought into view as it
 * appears (a stable ref callback runs once per mount).
 */
const pointedItem = {
  className: 'tile-grid__item--pointed',
  'aria-current': true,
  ref: (element: HTMLElement | null) => element?.scrollIntoView({ block: 'center' }),
} as const

function NetworkPanel({
  network,
  pointedAt,
  onClaimed,
}: {
  network: SocialNetwork
  pointedAt: string | null
  onClaimed: () => void
}) {
  const { toaster } = useAppActors()
  const list = usePageActor(availableMissionsMachine, availableMissionsActors[network.type])
  return (
    <div className="network-panel">
      <AccountCard
        network={network}
        onVerified={() => {
          toaster.send({ type: 'toast.show', message: missions.accountVerifiedToast(network.name) })
          list.send({ type: 'resource.reload' })
        }}
      />
      <section aria-label={missions.listLabel(network.name)}>
        <ResourceStatus actor={list} loading={missions.listLoading} empty={missions.listEmpty}>
          {(docs) => (
            <ul className="tile-grid">
              {docs.map((mission) => (
                <li
                  key={`${mission.id}:${mission.state}`}
                  {...(mission.id === pointedAt ? pointedItem : {})}
                >
                  <MissionTile mission={mission} onClaimed={onClaimed} />
                </li>
              ))}
            </ul>
          )}
        </ResourceStatus>
        <Pager actor={list} label={earning.pages.missions} />
      </section>
    </div>
  )
}

function AccountCard({ network, onVerified }: { network: SocialNetwork; onVerified: () => void }) {
  const actor = usePageActor(socialAccountMachine, socialAccountActors, {
    input: { type: network.type },
    effects: { 'account.verified': () => onVerified() },
  })
  const status = useSelector(actor, selectAccountStatus)
  const account = useSelector(actor, selectAccount)
  const loadError = useSelector(actor, selectLoadError)
  const reason = useSelector(actor, selectRejectionReason)
  const titleId = `account-${network.key}`

  return (
    <section className={`card account account--${status}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {missions.accountTitle(network.name)}
      </h2>
      {status === 'loading' ? <Spinner label={missions.accountLoading} /> : null}
      {status === 'failed' ? (
        <div role="alert">
          <p className="muted">{loadError}</p>
          <RetryButton onRetry={() => actor.send({ type: 'account.retry' })} />
        </div>
      ) : null}
      {status === 'none' ? (
        <>
          <p className="muted">{missions.accountNone(network.name)}</p>
          <button
            type="button"
            className="button button--teal"
            onClick={() => actor.send({ type: 'account.edit' })}
          >
            {missions.accountAdd}
          </button>
        </>
      ) : null}
      {status === 'editing' || status === 'registering' ? (
        <AccountForm network={network} actor={actor} />
      ) : null}
      {account && (status === 'pending' || status === 'verified' || status === 'rejected') ? (
        <div className="account__row">
          <span className="account__handle">{account.account}</span>
          <span className={`status-badge status-badge--${status}`}>
            {status === 'pending'
              ? missions.accountPending
              : status === 'verified'
                ? missions.accountVerified
                : missions.accountRejected}
          </span>
        </div>
      ) : null}
      {status === 'pending' ? <p className="muted">{missions.accountPendingText}</p> : null}
      {status === 'rejected' ? (
        <>
          <p className="account__reason">{reason}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'account.edit' })}
          >
            {missions.accountAnother}
          </button>
        </>
      ) : null}
    </section>
  )
}

function AccountForm({
  network,
  actor,
}: {
  network: SocialNetwork
  actor: ActorRefFrom<typeof socialAccountMachine>
}) {
  const serverError = useSelector(actor, selectInputError)
  const registering = useSelector(
    actor,
    (snapshot) => selectAccountStatus(snapshot) === 'registering',
  )
  const form = useForm(
    socialAccountForm(network.type),
    { account: '' },
    serverError ? { account: serverError } : {},
  )
  return (
    <form
      className="form account__form"
      noValidate
      aria-label={missions.accountTitle(network.name)}
      onSubmit={form.handleSubmit(({ account }) => actor.send({ type: 'account.submit', account }))}
    >
      <TextField
        label={missions.accountLabel(network.name)}
        hint={missions.accountHint(network.example)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={200}
        {...form.field('account')}
      />
      <div className="actions">
        <button type="submit" className="button button--gold" disabled={registering}>
          {registering ? missions.accountRegistering : missions.accountRegister}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={registering}
          onClick={() => actor.send({ type: 'account.cancel' })}
        >
          {missions.accountCancel}
        </button>
      </div>
    </form>
  )
}

function MissionTile({ mission, onClaimed }: { mission: Mission; onClaimed: () => void }) {
  const { toaster } = useAppActors()
  const actor = usePageActor(missionTileMachine, missionTileActors, {
    // The tile starts from the mission as the list shows it (a new server state remounts the tile).
    input: { mission, deviceId: deviceId() },
    effects: {
      'mission.added': ({ remainingToday }) =>
        toaster.send({ type: 'toast.show', message: missions.addedToast(remainingToday) }),
      'mission.claimed': ({ title, reward }) => {
        toaster.send({
          type: 'toast.show',
          message: missions.claimedToast(title, describeReward(reward)),
        })
        onClaimed()
      },
    },
  })
  const status = useSelector(actor, selectTileStatus)
  const shown = useSelector(actor, selectMission) ?? mission
  const message = useSelector(actor, selectTileMessage)
  const showsLink = useSelector(actor, selectShowsLink)
  const canRetry = useSelector(actor, selectCanRetry)
  const network = socialNetwork(shown.type as SocialNetworkType)
  const titleId = `mission-${shown.id}`
  const tile = missions.tile
  const focus = useFocusRecovery<HTMLElement>()

  return (
    <article className={`tile tile--${status}`} aria-labelledby={titleId} tabIndex={-1} {...focus}>
      <header className="tile__header">
        <h3 id={titleId} className="tile__title">
          {shown.title}
        </h3>
        <RewardChip reward={shown.reward} />
      </header>
      <p className="tile__text">{shown.description}</p>
      {shown.source === 'coupon' ? <p className="tile__note">{tile.fromCoupon}</p> : null}
      <p className="tile__status">
        {status === 'dailyCap'
          ? tile.dailyCap
          : status === 'accessDenied'
            ? tile.denied
            : tile.status[shown.state]}
      </p>
      {message ? (
        <p
          className={status === 'added' ? 'tile__message' : 'tile__message tile__message--error'}
          role="status"
        >
          {message}
        </p>
      ) : null}
      <div className="actions">
        {showsLink ? (
          <ExternalLink className="button button--small" href={shown.link}>
            {tile.open(network.name)}
          </ExternalLink>
        ) : null}
        {status === 'loading' ? <Spinner label={missions.listLoading} /> : null}
        {status === 'pending' || status === 'adding' ? (
          <button
            type="button"
            className="button button--teal"
            disabled={status === 'adding'}
            onClick={() => actor.send({ type: 'mission.add' })}
          >
            {status === 'adding' ? tile.taking : tile.take}
          </button>
        ) : null}
        {status === 'added' || status === 'checking' ? (
          <button
            type="button"
            className="button button--teal"
            disabled={status === 'checking'}
            onClick={() => actor.send({ type: 'mission.check' })}
          >
            {status === 'checking' ? tile.checking : tile.check}
          </button>
        ) : null}
        {status === 'claimable' || status === 'claiming' ? (
          <button
            type="button"
            className="button button--gold"
            disabled={status === 'claiming'}
            onClick={() => actor.send({ type: 'mission.claim' })}
          >
            {status === 'claiming' ? tile.claiming : tile.claim}
          </button>
        ) : null}
        {canRetry ? <RetryButton onRetry={() => actor.send({ type: 'mission.retry' })} /> : null}
      </div>
    </article>
  )
}

function NotificationsPanel({
  actor,
  list,
}: {
  actor: NotificationsActor
  list: ActorRefFrom<typeof notificationListMachine>
}) {
  const panelId = 'notificaciones'
  const panel = usePageActor(notificationsPanelMachine, {})
  const open = useSelector(panel, selectIsOpen)
  // The lobby links here (#notificaciones): the panel then opens with the page, before it paints.
  const linkedHere = useLocation().hash === `#${panelId}`
  useLayoutEffect(() => {
    if (linkedHere) panel.send({ type: 'disclosure.open' })
  }, [linkedHere, panel])
  const count = useSelector(actor, selectNewCount)
  const marking = useSelector(actor, selectIsMarking)
  const canMarkAll = useSelector(actor, selectCanMarkAll)
  const error = useSelector(actor, selectNotificationsError)
  const copy = missions.notifications

  return (
    // No name, so no landmark: 'Notificaciones' is the toasts' live region, and the open panel
    // has its own heading.
    <section className="notifications">
      <button
        type="button"
        className="button button--ghost notifications__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => panel.send({ type: 'disclosure.toggle' })}
      >
        {copy.open(count)}
      </button>
      {error ? (
        <p className="tile__message tile__message--error" role="alert">
          {error} <RetryButton onRetry={() => actor.send({ type: 'notifications.retry' })} />
        </p>
      ) : null}
      {open ? (
        <div id={panelId} className="card notifications__panel">
          <div className="notifications__head">
            <h2 className="card__title">{copy.title}</h2>
            <button
              type="button"
              className="button button--small"
              disabled={!canMarkAll}
              onClick={() => actor.send({ type: 'notifications.markAll' })}
            >
              {marking ? copy.marking : copy.markAll}
            </button>
          </div>
          <ResourceStatus actor={list} loading={copy.loading} empty={copy.empty}>
            {(docs) => (
              <ul className="notification-list">
                {docs.map((notification) => (
                  <li
                    key={notification.id}
                    className={
                      notification.viewed ? 'notification' : 'notification notification--new'
                    }
                  >
                    <p>
                      {notification.viewed ? null : (
                        <span className="status-badge">{copy.new}</span>
                      )}{' '}
                      {notification.message}
                    </p>
                    <p className="notification__meta">
                      <time dateTime={notification.createdAt}>
                        {formatDateTime(notification.createdAt)}
                      </time>
                      {notification.viewed ? null : (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={marking}
                          onClick={() =>
                            actor.send({ type: 'notification.view', id: notification.id })
                          }
                        >
                          {copy.markOne}
                        </button>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </ResourceStatus>
          <Pager actor={list} label={earning.pages.notifications} />
        </div>
      ) : null}
    </section>
  )
}
