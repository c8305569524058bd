import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { tradingOfferMachine } from '../../../machines/trading-offer/trading-offer.machine'
import {
  selectBuyFailure,
  selectCanRetry,
  selectDialog,
  selectFailure,
  selectOffer,
  selectTrade,
} from '../../../machines/trading-offer/trading-offer.selectors'
import { battery } from '../../copy/battery'
import { Modal } from '../../components/modal'
import { Spinner } from '../../components/spinner'
import { RetryButton } from '../../components/retry'

/** The confirm-buy modal and the cancel confirmation, with what happened after. */
export function OfferDialog({ actor }: { actor: ActorRefFrom<typeof tradingOfferMachine> }) {
  const dialog = useSelector(actor, selectDialog)
  const offer = useSelector(actor, selectOffer)
  const trade = useSelector(actor, selectTrade)
  const failure = useSelector(actor, selectFailure)
  const reason = useSelector(actor, selectBuyFailure)
  const canRetry = useSelector(actor, selectCanRetry)
  if (dialog === null || offer === null) return null

  const dismiss = () => actor.send({ type: 'offer.dismiss' })
  const busy = dialog === 'buying' || dialog === 'cancelling'
  const { amount } = offer
  const titles = {
    confirmBuy: battery.confirmBuyTitle,
    buying: battery.confirmBuyTitle,
    bought: battery.boughtTitle,
    buyFailed: battery.buyFailedTitle,
    confirmCancel: battery.confirmCancelTitle,
    cancelling: battery.confirmCancelTitle,
    cancelled: battery.cancelledTitle,
    cancelFailed: battery.cancelFailedTitle,
  } as const
  const confirming = dialog === 'confirmBuy' || dialog === 'confirmCancel'

  return (
    <Modal
      open
      title={titles[dialog]}
      onClose={busy ? undefined : dismiss}
      footer={
        busy ? null : (
          <>
            <button type="button" className="button button--ghost" onClick={dismiss}>
              {battery.close}
            </button>
            {confirming ? (
              <button
                type="button"
                className="button button--gold"
                onClick={() => actor.send({ type: 'offer.confirm' })}
              >
                {battery.confirm}
              </button>
            ) : null}
            {canRetry ? (
              <RetryButton onRetry={() => actor.send({ type: 'offer.retry' })} tone="teal" />
            ) : null}
          </>
        )
      }
    >
      {dialog === 'confirmBuy' ? (
        <>
          <p>{battery.confirmBuyText(amount, offer.seller?.name ?? '')}</p>
          <p className="confirm__price">{battery.confirmBuyPay(offer.total)}</p>
        </>
      ) : null}
      {dialog === 'buying' ? <Spinner label={battery.buying} /> : null}
      {dialog === 'bought' && trade ? (
        <p role="status">{battery.bought(trade.amount, trade.gems)}</p>
      ) : null}
      {dialog === 'confirmCancel' ? <p>{battery.confirmCancelText(amount)}</p> : null}
      {dialog === 'cancelling' ? <Spinner label={battery.cancelling} /> : null}
      {dialog === 'cancelled' ? <p role="status">{battery.cancelled(amount)}</p> : null}
      {failure ? (
        <div role="alert">
          <p className="form__error">{failure}</p>
          {reason ? <p className="muted">{battery.failureHints[reason]}</p> : null}
        </div>
      ) : null}
    </Modal>
  )
}
