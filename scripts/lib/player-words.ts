import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'
import { couponMessages } from '../../contract/coupons'
import { economyMessages } from '../../contract/economy-messages'
import { apiMessages, catalogueMessages } from '../../contract/messages'
import { couponMachine } from '../../machines/coupon/coupon.machine'
import { gemTransferMachine } from '../../machines/gem-transfer/gem-transfer.machine'
import { miningModeMachine } from '../../machines/mining-mode/mining-mode.machine'
import { missionTileMachine } from '../../machines/mission-tile/mission-tile.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { socialAccountMachine } from '../../machines/social-account/social-account.machine'
import { tradingOfferMachine } from '../../machines/trading-offer/trading-offer.machine'
import { uiMachine } from '../../machines/ui/ui.machine'
import { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import { battery } from '../../src/copy/battery'
import { common, confirmation, dialog, layout, options, termsModal } from '../../src/copy/common'
import { missions, play } from '../../src/copy/earning'
import { expressCoupon } from '../../src/copy/express-coupon'
import { landing, login } from '../../src/copy/landing'
import { market } from '../../src/copy/market'
import { miningMode } from '../../src/copy/mining-mode'
import type { TransitionModel } from './machine-model'

type GuardName<TMachine extends AnyStateMachine> = keyof NonNullable<
  NonNullable<Parameters<TMachine['provide']>[0]>['guards']
> &
  string

/** What starts a transition, as the diagrams name it: an event type, or a call's outcome. */
type Trigger<TMachine extends AnyStateMachine> =
  | EventFromLogic<TMachine>['type']
  | `${keyof MachineActors<TMachine> & string} ${'answers' | 'fails'}`

/** Every state of a machine as a dotted path, compound ones too (`ready`, `ready.backpack`). */
type StatePath<TValue> = TValue extends string
  ? TValue
  : TValue extends object
    ? { [K in keyof TValue & string]: K | `${K}.${StatePath<TValue[K]>}` }[keyof TValue & string]
    : never

/**
 * What the player reads where an arrow of the machine's diagram starts: the button they press
 * (`coupon.buy`: COMPRAR CUPÓN) or what the server's answer shows them (`buyCoupon answers`: the
 * toast). A key names the transitions of a trigger without a guard; `trigger [guard]` names a
 * guarded one; `state: trigger` the trigger's transitions from one source state, where the
 * screen words the same button differently there (`claimed: coupon.buy`: COMPRAR OTRO CUPÓN).
 * Only where the words are fixed: an answer whose message varies has none.
 */
export type PlayerWords<TMachine extends AnyStateMachine> = Partial<
  Record<
    | Trigger<TMachine>
    | `${Trigger<TMachine>} [${GuardName<TMachine>}]`
    | `${StatePath<SnapshotFrom<TMachine>['value']>}: ${Trigger<TMachine>}`,
    string
  >
>

/** A machine's words, typed against its events, calls and guards (a wrong key fails to compile). */
function wordsOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  words: PlayerWords<TMachine>,
): [string, Readonly<Record<string, string>>] {
  return [machine.id, words as Record<string, string>]
}

/**
 * The words of the design card's machines, imported from the copy the views show (src/copy/)
 * and the messages the server answers (contract/), never retyped: a changed label changes the
 * diagram.
 */
const playerWords = new Map<string, Readonly<Record<string, string>>>([
  wordsOf(sessionMachine, {
    'login.submit': login.submit,
    'logIn fails [isNetworkFailure]': catalogueMessages.network,
    'logIn fails [isRefusedForAWhile]': apiMessages.tooManyAttempts,
    'logIn fails': apiMessages.invalidCredentials,
    'session.expired': catalogueMessages.sessionEnded,
    'terms.agree': termsModal.accept,
    'logout.request': options.logout,
  }),
  wordsOf(uiMachine, {
    'loginForm.show': landing.openLogin,
    'loginForm.hide': login.close,
    'options.open': layout.more,
    'options.close': dialog.close,
    'social.open': options.socialNetworks,
    'social.close': dialog.close,
    'menu.toggle': layout.menu,
    'confirmation.open': options.logout,
    'confirmation.accept': confirmation.accept,
    'confirmation.cancel': confirmation.cancel,
  }),
  wordsOf(missionTileMachine, {
    'mission.add': missions.tile.take,
    'mission.retry': common.retry,
    'mission.check': missions.tile.check,
    'mission.claim': missions.tile.claim,
  }),
  wordsOf(videoMissionMachine, {
    'video.retry': play.checkAgain,
    'video.play': play.play,
    'video.restart': play.restart,
    'video.finish': play.claim,
  }),
  wordsOf(socialAccountMachine, {
    'account.retry': common.retry,
    'account.edit': missions.accountAdd,
    // A rejected account is replaced by another: the button under the reason says so.
    'rejected: account.edit': missions.accountAnother,
    'account.submit': missions.accountRegister,
    'account.cancel [wasRejected]': missions.accountCancel,
    'account.cancel': missions.accountCancel,
  }),
  wordsOf(miningModeMachine, {
    'loadMine fails': miningMode.failed,
    'mode.retry': common.retry,
    'unlock.request [canAffordUnlock]': miningMode.unlock,
    'unlock.request': miningMode.unlock,
    'short.dismiss': miningMode.short.dismiss,
    'unlock.confirm': miningMode.confirm.accept,
    'unlock.cancel': miningMode.confirm.cancel,
    'changeMode fails [isShortOfTerycarbons]': miningMode.short.title,
    'mode.select [isOtherMode]': miningMode.use,
  }),
  wordsOf(tradingOfferMachine, {
    'offer.buy': battery.buy,
    'offer.cancel': battery.cancel,
    'offer.confirm': battery.confirm,
    'offer.dismiss': battery.close,
    'offer.retry': common.retry,
    'buyOffer answers': battery.boughtTitle,
    'buyOffer fails [isOfferGone]': economyMessages.offerGone,
    'buyOffer fails [isShortOfGems]': apiMessages.notEnoughGems,
    'buyOffer fails [isOwnOffer]': economyMessages.ownOffer,
    'buyOffer fails': battery.buyFailedTitle,
    'cancelOffer answers': battery.cancelledTitle,
    'cancelOffer fails [isOfferGone]': economyMessages.offerGone,
    'cancelOffer fails': battery.cancelFailedTitle,
  }),
  wordsOf(couponMachine, {
    'loadCoupon answers [hasNoCoupon]': expressCoupon.offerTitle,
    'loadCoupon answers [isPending]': expressCoupon.status.pending,
    'loadCoupon answers [isActive]': expressCoupon.status.active,
    'loadCoupon answers [isClaimable]': expressCoupon.status.claimable,
    'loadCoupon answers [isClaimed]': expressCoupon.status.claimed,
    'loadCoupon answers': expressCoupon.status.expired,
    'loadCoupon fails': expressCoupon.failed,
    'coupon.retry': common.retry,
    'coupon.buy': expressCoupon.buy,
    // Once a coupon was claimed or ran out, the same button offers another one.
    'claimed: coupon.buy': expressCoupon.buyAnother,
    'expired: coupon.buy': expressCoupon.buyAnother,
    'coupon.confirm': expressCoupon.confirm,
    'coupon.cancel [wasClaimed]': expressCoupon.cancel,
    'coupon.cancel [wasExpired]': expressCoupon.cancel,
    'coupon.cancel': expressCoupon.cancel,
    'buyCoupon answers': couponMessages.bought,
    'coupon.activate': expressCoupon.activate,
    'activateCoupon answers': couponMessages.activated,
    'coupon.track': expressCoupon.track,
    'trackCoupon answers [isTrackedClaimable]': expressCoupon.claimableText,
    'trackCoupon answers [isTrackedExpired]': expressCoupon.status.expired,
    'trackCoupon answers': expressCoupon.status.active,
    'coupon.claim': expressCoupon.claim('…'),
    'claimCoupon answers': couponMessages.claimed,
  }),
  wordsOf(gemTransferMachine, {
    'transfer.review': market.review,
    'findRecipient fails': economyMessages.unknownPlayerCode,
    'transfer.confirm': market.send,
    'transfer.edit': market.back,
    'transfer.new': market.sendMore,
  }),
])

/** Whether the diagrams of machine `id` show the player's words. */
export function hasPlayerWords(id: string): boolean {
  return playerWords.has(id)
}

function keyOf(transition: TransitionModel): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event
}

/** The key of a trigger's transitions from one source state. */
function sourceKeyOf(transition: TransitionModel): string {
  return `${transition.source}: ${transition.event}`
}

/**
 * The player's words of each transition of a machine (none for a machine without words); throws
 * when a key names no transition, so words cannot outlive the transition they were written for.
 */
export function playerWordsOf(
  id: string,
  transitions: readonly TransitionModel[],
): (transition: TransitionModel) => string | null {
  const words = playerWords.get(id) ?? {}
  const keys = new Set([...transitions.map(keyOf), ...transitions.map(sourceKeyOf)])
  const stale = Object.keys(words).filter((key) => !keys.has(key))
  if (stale.length > 0) {
    throw new Error(`${id}: player words for no transition: ${stale.join(', ')}`)
  }
  return (transition) => words[sourceKeyOf(transition)] ?? words[keyOf(transition)] ?? null
}

/**
 * The player's words as a diagram's arrow shows them, in «»: a server message's first sentence
 * (`¡Compraste un cupón exprés! …`), on at most three lines of `width` characters, cut with an
 * ellipsis beyond them. `clean` makes the text safe for the drawing (Mermaid cannot hold some
 * characters).
 */
export function quotedWords(
  words: string,
  width: number,
  clean: (text: string) => string = (text) => text,
): string[] {
  const sentence = /^(.+?[.!?])\s/.exec(words)
  const text = clean(sentence ? `${sentence[1]} …` : words)
  const lines: string[] = []
  for (const word of text.split(' ')) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`
    } else {
      lines.push(word)
    }
  }
  const shown = lines.slice(0, 3)
  if (lines.length > 3) shown[2] = `${shown[2]?.replace(/[.,]$/, '')}…`
  shown[0] = `«${shown[0] ?? ''}`
  shown[shown.length - 1] = `${shown.at(-1) ?? ''}»`
  return shown
}
