/**
 * Mutants no test can tell apart from the machine, reviewed one by one: by machine, the mutant's
 * id (as `npm run mutate` prints it) and why it changes nothing a player, the app or the server
 * could observe. `npm run mutate` counts them apart and fails when one of them is killed.
 *
 * "Observe" means through what leaves the machine: its selectors (views read nothing else), the
 * events it emits and the input of the calls it starts. A field of the context that no selector
 * shows in any state the machine can reach before the field is written again is not observable.
 * Two reasons recur:
 * - `emit after`: the actions swapped are an assign and an emit whose payload does not read the
 *   field assigned (it is fixed, or read from the event); XState v5 delivers emitted events once
 *   the transition is over (`emit` is deferred), so the order changes nothing.
 * - `shown only where written`: a message or a result a selector shows only in states that are
 *   entered through the action that writes it, so a stale value is overwritten before it shows.
 */
const emitAfter =
  'emit after: the emitted payload does not read what the assign changes, and XState v5 delivers emitted events after the transition'

export const equivalentMutants: Record<string, Record<string, string>> = {
  session: {
    'swap actions of checking --xstate.done.actor.fetchSession [hasAgreedTerms]--> authenticated.ready': `${emitAfter} (bottomBar.show is fixed).`,
    'swap actions of checking --xstate.done.actor.fetchSession [hasSession]--> authenticated.termsPending': `${emitAfter} (bottomBar.show is fixed).`,
    'swap actions of checking --xstate.done.actor.fetchSession--> anonymous': `${emitAfter} (bottomBar.show is fixed).`,
    'swap actions of checking --xstate.error.actor.fetchSession--> anonymous': `${emitAfter} (bottomBar.show is fixed).`,
    'swap actions of anonymous.submitting --xstate.done.actor.logIn [hasAgreedTerms]--> authenticated.ready': `${emitAfter} (login.succeeded is fixed).`,
    'swap actions of anonymous.submitting --xstate.done.actor.logIn--> authenticated.termsPending': `${emitAfter} (login.succeeded is fixed).`,
    'drop action clearSession of checking --xstate.done.actor.fetchSession--> anonymous':
      'checking is entered only from the initial state, where session and error are still null: clearing them changes nothing.',
    'drop action clearSession of checking --xstate.error.actor.fetchSession--> anonymous':
      'checking is entered only from the initial state, where session and error are still null: clearing them changes nothing.',
    'drop action clearError of anonymous.invalidCredentials --login.submit--> anonymous.submitting':
      'shown only where written: the error shows in invalidCredentials, networkError and termsPending only; submitting leaves through setSession (clears it) or setError (replaces it).',
    'drop action clearError of anonymous.networkError --login.submit--> anonymous.submitting':
      'shown only where written: the error shows in invalidCredentials, networkError and termsPending only; submitting leaves through setSession (clears it) or setError (replaces it).',
    'assign clearError leaves error as it was':
      'clearError runs only on the two transitions into submitting above: the same reason.',
    'assign clearSession leaves error as it was':
      'clearSession leads to anonymous (from checking, where error is still null, or on session.expired); anonymous shows the error only in invalidCredentials and networkError, entered only through setError.',
    'drop action clearError of anonymous.waiting --xstate.after.retryWait.session.anonymous.waiting--> anonymous.idle':
      'shown only where written: idle shows neither; the error shows in invalidCredentials, networkError and waiting, entered through setError or setRetry (both write it), and in termsPending, in authenticated, which a login enters only through setSession (clears it); retry is read only in waiting (selectLoginRetry and the retryWait delay), entered only through setRetry.',
    'assign clearError leaves retry as it was':
      'shown only where written: retry is read only in waiting (selectLoginRetry and the retryWait delay), entered only through setRetry, which writes it.',
    'assign clearSession leaves retry as it was':
      'shown only where written: retry is read only in waiting (selectLoginRetry and the retryWait delay), entered only through setRetry, which writes it.',
    'assign setSession leaves error as it was':
      'error is already null where setSession runs after checking or a login (cleared on the way in); after a failed terms agreement it leads to ready, which shows no error, and the agreed session (termsAgree true) never goes back to termsPending; session.expired clears it.',
  },
  ui: {
    'drop action clearConfirmation of confirmation.open --confirmation.accept--> confirmation.closed':
      'shown only where written: selectConfirmation reads the context only in confirmation.open, entered only through setConfirmation.',
    'drop action clearConfirmation of confirmation.open --confirmation.cancel--> confirmation.closed':
      'shown only where written: selectConfirmation reads the context only in confirmation.open, entered only through setConfirmation.',
    'assign clearConfirmation leaves confirmation as it was':
      'shown only where written: selectConfirmation reads the context only in confirmation.open, entered only through setConfirmation.',
    'swap actions of confirmation.open --confirmation.accept--> confirmation.closed':
      "cleared first, notifyConfirmationAccepted falls back to 'logout', the only ConfirmationIntent there is: the same event. A second intent makes this mutant observable (its sample then kills it and this run fails until the line goes).",
  },
  'mission-tile': {
    'swap actions of adding --xstate.done.actor.addMission--> added': `${emitAfter} (mission.added reads the answer).`,
    'assign markClaimed leaves message as it was':
      'selectTileMessage shows nothing in claimed, where markClaimed leads, and claimed has no way out.',
  },
  'video-mission': {
    'assign setCheck leaves error as it was':
      'shown only where written: selectVideoError shows the error in checkFailed, startFailed, finishFailed and accessDenied only, each entered through setError.',
    'assign setView leaves error as it was':
      'shown only where written: selectVideoError shows the error in checkFailed, startFailed, finishFailed and accessDenied only, each entered through setError.',
    'assign setFinished leaves error as it was':
      'setFinished leads to finished, which has no way out and where selectVideoError shows nothing.',
    'assign setFinished leaves view as it was':
      'no selector reads the view, and finished, where setFinished leads, has no way out (no restart or finish reads it again).',
    'assign setFinished leaves secondsLeft as it was':
      'finishing is reached only from claimable (or a refused finish of it), where secondsLeft is already 0 or below (the last tick counts it to 0; an open view answered as watched has secondsLeft <= 0), and selectSecondsLeft shows 0 for both.',
  },
  'social-account': {
    'drop action clearError of editing --account.submit--> registering':
      'shown only where written: the error shows in editing and loadFailed only; registering leaves through setAccount (clears it) or setError (replaces it).',
    'swap actions of refreshing --xstate.done.actor.loadAccount [isVerifiedAccount]--> verified': `${emitAfter} (account.verified reads the answer).`,
  },
  'mining-mode': {
    'drop action clearError of short --short.dismiss--> locked':
      'short is never entered with an error: the error is set by a failed load (failed) or a failed payment (locked, after confirming, so canAffordUnlock still holds and the next unlock.request goes to confirming through clearError); the mine that decides canAffordUnlock changes only with setMine, which clears the error.',
  },
  'trading-offer': {
    'swap actions of buying --xstate.error.actor.buyOffer [isOfferGone]--> failed.gone': `${emitAfter} (offers.changed is fixed).`,
    'swap actions of cancelling --xstate.error.actor.cancelOffer [isOfferGone]--> cancelFailed': `${emitAfter} (offers.changed is fixed).`,
    'drop action clearFailure of failed.error --offer.retry--> buying':
      'shown only where written: selectFailure shows the failure in failed and cancelFailed only, each entered through setFailure.',
    'drop action clearFailure of cancelFailed --offer.retry--> cancelling':
      'shown only where written: selectFailure shows the failure in failed and cancelFailed only, each entered through setFailure.',
    'assign clearFailure leaves failure as it was':
      'shown only where written: selectFailure shows the failure in failed and cancelFailed only, each entered through setFailure.',
    'assign clearOffer leaves failure as it was':
      'shown only where written: selectFailure shows the failure in failed and cancelFailed only, each entered through setFailure.',
    'assign setOffer leaves failure as it was':
      'shown only where written: selectFailure shows the failure in failed and cancelFailed only, each entered through setFailure.',
    'assign clearOffer leaves trade as it was':
      'shown only where written: selectTrade shows the trade in bought only, entered through setTrade.',
    'assign setOffer leaves trade as it was':
      'shown only where written: selectTrade shows the trade in bought only, entered through setTrade.',
  },
  coupon: {
    'swap actions of activating --xstate.done.actor.activateCoupon--> active': `${emitAfter} (the toast's message is fixed).`,
    'drop action clearError of pending --coupon.activate--> activating':
      'activating shows no error and leaves through setCoupon (clears it), setError (replaces it) or, on a conflict, to loading, whose answer clears or replaces it.',
    'drop action clearError of active --coupon.track--> tracking':
      'tracking shows no error and leaves through setCoupon (clears it) or setError (replaces it).',
    'drop action clearError of claimable --coupon.claim--> claiming':
      'claiming shows no error and leaves through setCoupon (clears it), setError (replaces it) or, on a conflict, to loading, whose answer clears or replaces it.',
    'assign setCoupon leaves error as it was':
      'every state that runs setCoupon (buying, activating, tracking, claiming) was entered through clearError: the error is already null.',
  },
  'gem-transfer': {
    'assign clear leaves code as it was':
      'no selector reads the code, and the next transfer.review writes it (setRequest) before the lookup reads it.',
    'assign clear leaves transfer as it was':
      'shown only where written: selectTransfer shows the transfer in sent and pending only, each entered through setTransfer.',
    'assign setRequest leaves transfer as it was':
      'shown only where written: selectTransfer shows the transfer in sent and pending only, each entered through setTransfer.',
    'assign clear leaves failure as it was':
      'clear runs from sent and pending, reached through transfer.confirm, whose clearFailure emptied the failure; nothing sets one after it on that way.',
    'assign clear leaves fieldErrors as it was':
      'clear runs from sent and pending, reached through transfer.confirm, whose clearFailure emptied the field errors; nothing sets them after it on that way.',
  },
  'terydollar-purchase': {
    'drop action setOrder of loading --xstate.done.actor.loadOrder--> choosingMethod':
      'loading is entered only at the start and after a failed load (through clearFailure), so order, failure and field errors are still empty; the order answered is not shown in choosingMethod (selectOrder) and placeOrder replaces it before it would be.',
    'drop action clearFailure of reviewed.told --outcome.acknowledge--> choosingMethod':
      'this way out of told is taken only when the order has no outcome message, so acknowledging, the only call that sets a failure in reviewed, never ran: reviewed was entered through setOrder, which emptied the failure.',
    'assign clearFailure leaves fieldErrors as it was':
      'shown only where written: the field errors show in enteringAmount only (selectAmountError), entered through setMethod (empties them) or a refused order (setFailure replaces them).',
    'assign setMethod leaves failure as it was':
      'choosingMethod, where method.select is taken, is entered only through setOrder or clearFailure: the failure is already empty.',
    'assign setMethod leaves fieldErrors as it was':
      'choosingMethod, where method.select is taken, is entered only through setOrder or clearFailure: the field errors are already empty.',
    'assign setOrder leaves fieldErrors as it was':
      'shown only where written: the field errors show in enteringAmount only, entered through setMethod (empties them) or a refused order (setFailure replaces them); no state setOrder leads to goes back there otherwise.',
  },
  live: {
    // XState v5 runs an emit after the transition's snapshot is written (actorScope.defer), and
    // these emitted events are fixed or read the event, never the context: in either order the
    // app receives the same event after the same context was assigned.
    'swap actions of active --stream.ended--> closed':
      'forget (assign) and tellSessionEnded (a fixed emit): the emit is deferred past the assign',
    'swap actions of active.streaming.open --stream.received':
      'setCursor (assign) and forward (emits the received event): the emit is deferred past the assign',
    'swap actions of active.streaming.open --stream.reload':
      'setCursor (assign) and tellReload (a fixed emit): the emit is deferred past the assign',
  },
  'welcome-messages': {
    // The counter shows only beside a message (showing, acknowledging), and the only way from
    // done or unavailable back to a message is a load that finds some, whose restartCount sets
    // it to 0: what the count is while no message shows is never seen.
    'drop action restartCount of loading --xstate.done.actor.loadMessages--> done':
      'the count shows only beside a message; from done the next message comes through the load that finds it, which restarts the count.',
    'drop action countAcknowledged of acknowledging --xstate.done.actor.acknowledge--> done':
      'the count shows only beside a message; from done the next message comes through the load that finds it, which restarts the count.',
    'swap actions of loading --xstate.done.actor.loadMessages [hasMessages]--> showing':
      'restartCount and setMessages write different fields and read neither.',
    'swap actions of loading --xstate.done.actor.loadMessages--> done':
      'restartCount and setMessages write different fields and read neither.',
    'drop action setMessages of loading --xstate.done.actor.loadMessages--> done':
      'this way out of loading is taken when no message came: the list in the context is already empty (loading starts from the initial state, or from done and unavailable, reached with an empty list) and no selector shows it in done.',
    'drop action setMessages of acknowledging --xstate.done.actor.acknowledge--> done':
      'selectCurrentMessage and selectAcknowledgeError show nothing in done, and the next load (message.received) writes both again.',
    'swap actions of acknowledging --xstate.done.actor.acknowledge [hasMessages]--> showing':
      'countAcknowledged and setMessages write different fields and read neither.',
    'swap actions of acknowledging --xstate.done.actor.acknowledge--> done':
      'countAcknowledged and setMessages write different fields and read neither.',
  },
  'draw-verification': {
    'assign reset leaves check as it was':
      'shown only where written: selectCheck shows the check in verified and mismatch only, both entered through setCheck.',
    'assign setProof leaves check as it was':
      'shown only where written: selectCheck shows the check in verified and mismatch only, both entered through setCheck.',
    'assign reset leaves error as it was':
      'shown only where written: selectVerificationError shows the error in unavailable only, entered through setError.',
    'assign setProof leaves error as it was':
      'shown only where written: selectVerificationError shows the error in unavailable only, entered through setError.',
  },
  'gem-conversion': {
    'assign clear leaves payout as it was':
      'shown only where written: selectPayout shows the payout in claimed only, entered only through setPayout.',
    'assign setRequest leaves payout as it was':
      'shown only where written: selectPayout shows the payout in claimed only, entered only through setPayout.',
    // The amount's message shows in editing only, and every way back to editing writes it.
    'assign clearFailure leaves fieldErrors as it was':
      'selectAmountError shows the field errors in editing only; claiming leaves through setFailure (writes them) or to claimed, left only through clear.',
    'assign setRequest leaves fieldErrors as it was':
      'selectAmountError shows the field errors in editing only; converting leaves through setFailure (writes them) or to claimable, which goes back to editing only through clear.',
  },
  'buy-terycarbons': {
    'drop action clearError of editing --buy.submit--> paying':
      'shown only where written: the error and the field errors show in editing only; paying leaves through setError (writes both) or to closed, left only through clearError.',
  },
  'battery-operation': {
    'drop guard confirming --operation.confirm [isOperation {"operation":"terycarbonBattery"}]--> submitting':
      'the five isOperation guards cover every BatteryOperation and the operation is never null in confirming (setOperation writes it from the event, clear leads to idle): the last one always holds where it is tried. The other four, dropped, take their transition for the operations after them, which only the transitions each operation takes (requirements, money marks) tell apart: the project suite notices a transition no path takes any more.',
    'assign clear leaves amount as it was':
      'clear leads to idle, which leaves only through setOperation (writes the amount); the amount is read only by the calls started after it.',
    'assign clear leaves quote as it was':
      'shown only where written: selectQuote shows the quote in blocked, confirming, submitting and done, reached only through setQuote after setOperation.',
    'assign setOperation leaves quote as it was':
      'shown only where written: selectQuote shows the quote in blocked, confirming, submitting and done, reached only through setQuote (quoting answers); a failed preview leads to failed, where it shows nothing.',
    'assign clear leaves failure as it was':
      'shown only where written: selectProblem shows the failure in failed only, entered only through setFailure.',
    'assign setOperation leaves failure as it was':
      'shown only where written: selectProblem shows the failure in failed only, entered only through setFailure.',
  },
  app: {
    'drop guard (machine) --confirmation.accepted [isLogout]':
      "'logout' is the only ConfirmationIntent, so isLogout always holds. A second intent makes this mutant observable (its sample then kills it and this run fails until the line goes).",
    'swap actions of (machine) --login.succeeded':
      'hideLoginForm (sendTo ui) and navigateAfterLogin (emit) both run after the transition, one after the other in the same task, before React renders: loginForm.hide changes only the login form region, not the loginRedirectPath the navigate.afterLogin handler reads (src/app/connect-router.ts), and the router navigates asynchronously.',
  },
  signup: {
    'drop action clearFormError of filling.form.failed --signup.submit [hasConfirmedCode]--> filling.form.submitting':
      'shown only where written: selectFormError and selectFieldErrors show the context in form.failed only; submitting leaves for registered (the final state: the page leaves for /) or back to failed through setFormError, which writes both fields (fieldErrors {} when the answer names none).',
    'assign clearFormError leaves formError as it was':
      'clearFormError runs only on the resubmit above: the same reason.',
    'assign clearFormError leaves fieldErrors as it was':
      'clearFormError runs only on the resubmit above: the same reason.',
    'assign setCode leaves parentName as it was':
      'shown only where written: selectParentName shows the name in code.confirmed only, entered only through setParent (validateCode answers), which writes it.',
    'assign setCode leaves codeError as it was':
      'shown only where written: selectCodeError shows the error in code.rejected and code.unreachable only, each entered only through setCodeError (validateCode fails), which writes it.',
    'assign setParent leaves codeError as it was':
      'setParent leads to code.confirmed, where selectCodeError shows nothing; rejected and unreachable are entered only through setCodeError, which writes it again.',
  },
  resource: {
    'assign setResult leaves error as it was':
      'shown only where written: selectError shows the error in failed, offline and loading.retrying only; failed and offline are entered through setError, and retrying only from offline.',
  },
}
