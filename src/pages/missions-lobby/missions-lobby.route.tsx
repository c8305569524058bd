import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import { describeReward, socialNetwork, type SocialNetworkType } from '../../../contract/missions'
import { clipboardCopyMachine } from '../../../machines/clipboard-copy/clipboard-copy.machine'
import { selectCopyStatus } from '../../../machines/clipboard-copy/clipboard-copy.selectors'
import { referralEarningsMachine } from '../../../machines/referral-earnings/referral-earnings.machine'
import { selectReward, selectRewardStatus } from '../../../machines/shared/pending-reward.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { selectSession } from '../../../machines/session/session.selectors'
import { earning, lobby } from '../../copy/earning'
import { useAppActors } from '../../app/app-context'
import { clipboardCopyActors } from '../../shared/clipboard.actors'
import { usePageActor } from '../../app/use-page-actor'
import { CopyButton } from '../../components/copy-button'
import { Pager } from '../../components/pager'
import { ResourceStatus, useResourceAnswered } from '../../components/resource-status'
import { Spinner } from '../../components/spinner'
import {
  currentMissionsActors,
  currentMissionsMachine,
  lobbySummaryActors,
  lobbySummaryMachine,
  referralEarningsActors,
  type LobbySummary,
} from './missions-lobby.actors'
import '../../styles/earning.css'
import { PendingRewardClaim } from '../../components/pending-reward-claim'

/** /missionsLobby: the invite code, today's numbers, the ways to earn, missions under way. */
export function Component() {
  const { session, config } = useAppActors()
  const player = useSelector(session, selectSession)
  const sharePercent = useSelector(
    config,
    (snapshot) => selectData(snapshot)?.rules.earning.referralSharePercent,
  )
  const copier = usePageActor(clipboardCopyMachine, clipboardCopyActors)
  const copyStatus = useSelector(copier, selectCopyStatus)
  const summary = usePageActor(lobbySummaryMachine, lobbySummaryActors)
  const todayAnswered = useResourceAnswered(summary)

  if (!player) return null
  return (
    <div className="page earning">
      <div className="page__header">
        <h1>{lobby.title}</h1>
        <p>{lobby.intro}</p>
      </div>
      <div className="earning-grid">
        <section className="card card--gold invite" aria-labelledby="lobby-invite">
          <div>
            <h2 id="lobby-invite" className="card__title">
              {lobby.inviteTitle}
            </h2>
            {sharePercent === undefined ? null : (
              <p className="muted">{lobby.inviteText(sharePercent)}</p>
            )}
          </div>
          <div className="invite__code">
            <p className="invite__value">{player.code}</p>
            <CopyButton
              status={copyStatus}
              onCopy={() => copier.send({ type: 'copy.request', text: player.code })}
              label={lobby.copy}
              accessibleLabel={lobby.copyLabel}
              copiedLabel={lobby.copied}
              failedLabel={lobby.copyFailed}
            />
          </div>
        </section>
        <section className="card today" aria-labelledby="lobby-today">
          <h2 id="lobby-today" className="card__title">
            {lobby.todayTitle}
          </h2>
          {todayAnswered ? (
            <ResourceStatus actor={summary} loading={lobby.loadingToday} empty={lobby.loadingToday}>
              {(today) => <TodayList today={today} />}
            </ResourceStatus>
          ) : (
            // The spinner over the numbers' room: drawn as one line, the card grew when they came
            // and pushed the cards under it down (0.031 on a phone).
            <div className="today__pending">
              <Spinner label={lobby.loadingToday} />
              <TodayList today={PENDING_TODAY} />
            </div>
          )}
        </section>
        <ReferralEarnings />
      </div>

      <section aria-labelledby="lobby-ways">
        <h2 id="lobby-ways">{lobby.waysTitle}</h2>
        <ul className="ways">
          {lobby.ways.map((way) => (
            <li key={way.to}>
              <Link className="card way" to={way.to}>
                <span className="way__title">{way.title}</span>
                <span className="muted">{way.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <CurrentMissions />
    </div>
  )
}

/** Today's numbers as the room they take while they load (hidden: zeros are not the player's). */
const PENDING_TODAY: LobbySummary = {
  daily: { remaining: 0, maxMissionsPerDay: 0, takenToday: 0 },
  amount: { videos: 0, playList: 0 },
  notifications: { count: 0 },
}

function TodayList({ today: { daily, amount, notifications } }: { today: LobbySummary }) {
  return (
    <ul className="today__list">
      <li>
        <strong>{lobby.missionsLeft(daily.remaining, daily.maxMissionsPerDay)}</strong>
      </li>
      <li>{lobby.videosLeft(amount.videos)}</li>
      <li>{lobby.playlistsLeft(amount.playList)}</li>
      <li>
        {lobby.newNotifications(notifications.count)}{' '}
        <Link to="/missions#notificaciones">{lobby.seeNotifications}</Link>
      </li>
    </ul>
  )
}

function ReferralEarnings() {
  const actor = usePageActor(referralEarningsMachine, referralEarningsActors)
  const status = useSelector(actor, selectRewardStatus)
  const reward = useSelector(actor, selectReward)
  const gems = (amount: number) => describeReward({ kind: 'GEMS', amount })

  return (
    <section className="card referral" aria-labelledby="lobby-referral">
      <h2 id="lobby-referral" className="card__title">
        {lobby.referralTitle}
      </h2>
      {status === 'loading' ? <Spinner label={lobby.referralLoading} /> : null}
      {status === 'empty' ? <p className="muted">{lobby.referralEmpty}</p> : null}
      {(status === 'ready' || status === 'claiming') && reward ? (
        <>
          <p className="referral__amount">{lobby.referralWaiting(gems(reward.amount))}</p>
          <ul className="entries">
            {reward.entries.map((entry) => (
              <li key={`${entry.createdAt}:${entry.label}`}>
                {entry.label}: +{gems(entry.amount)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <PendingRewardClaim
        actor={actor}
        claim={lobby.referralClaim}
        claiming={lobby.referralClaiming}
        claimed={(amount) => lobby.referralClaimed(gems(amount))}
      />
    </section>
  )
}

function CurrentMissions() {
  const list = usePageActor(currentMissionsMachine, currentMissionsActors)
  return (
    <section aria-labelledby="lobby-current">
      <h2 id="lobby-current">{lobby.currentTitle}</h2>
      <ResourceStatus actor={list} loading={lobby.currentLoading} empty={lobby.currentEmpty}>
        {(docs) => (
          <ul className="current">
            {docs.map((mission) => {
              const network = socialNetwork(mission.type as SocialNetworkType)
              return (
                <li key={mission.id} className="current__item">
                  <span className={`network-badge network-badge--${network.key}`}>
                    {network.name}
                  </span>
                  <span className="current__title">{mission.title}</span>
                  <span className="muted">{lobby.currentState[mission.state]}</span>
                  <Link className="button button--small" to={`/missions?red=${network.key}`}>
                    {lobby.openMission}
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
      </ResourceStatus>
      <Pager actor={list} label={earning.pages.current} />
    </section>
  )
}
