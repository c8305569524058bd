import { useSelector } from '@xstate/react'
import { clipboardCopyMachine } from '../../../machines/clipboard-copy/clipboard-copy.machine'
import { selectCopyStatus } from '../../../machines/clipboard-copy/clipboard-copy.selectors'
import { selectSession } from '../../../machines/session/session.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { formatInteger } from '../../../contract/money-text'
import { home } from '../../copy/home'
import { useAppActors } from '../../app/app-context'
import { clipboardCopyActors } from '../../shared/clipboard.actors'
import { usePageActor } from '../../app/use-page-actor'
import { CopyButton } from '../../components/copy-button'
import { Gem } from '../../components/icons'

/** Room for an invite code (8 characters) while it loads: the box keeps its size. */
const PENDING_CODE = '\u2007'.repeat(8)

/**
 * /home: the player's invite code with a copy button, and what each referral earns. Before the
 * session is known (the page's first paint, rendered at build time) the code's box waits empty.
 */
export function Component() {
  const { session, config } = useAppActors()
  const player = useSelector(session, selectSession)
  const rewardGems = useSelector(
    config,
    (snapshot) => selectData(snapshot)?.rules.referralRewardGems,
  )
  const copier = usePageActor(clipboardCopyMachine, clipboardCopyActors)
  const copyStatus = useSelector(copier, selectCopyStatus)

  return (
    <div className="page home">
      <div className="page__header">
        <h1>{player ? home.greeting(player.name) : home.greetingPending}</h1>
      </div>
      <section className="card card--gold invite" aria-labelledby="invite-title">
        <div>
          <h2 id="invite-title" className="card__title">
            {home.inviteTitle}
          </h2>
          <p className="muted">{home.inviteText}</p>
        </div>
        <div className="invite__code">
          {player ? (
            <p className="invite__value">{player.code}</p>
          ) : (
            <p className="invite__value" aria-hidden="true">
              {PENDING_CODE}
            </p>
          )}
          <CopyButton
            status={copyStatus}
            disabled={!player}
            onCopy={() => {
              if (player) copier.send({ type: 'copy.request', text: player.code })
            }}
            label={home.copy}
            accessibleLabel={home.copyLabel}
            copiedLabel={home.copied}
            failedLabel={home.copyFailed}
          />
        </div>
      </section>
      <section className="card rewards" aria-label={home.rewardsTitle}>
        <Gem
          className="rewards__gem"
          colors={{ top: '#6ee5d8', bottom: '#3dd6c6', stroke: '#0e6d63' }}
        />
        <p>
          {rewardGems === undefined
            ? home.rewardsFallback
            : home.rewards(formatInteger(rewardGems))}
        </p>
      </section>
    </div>
  )
}
