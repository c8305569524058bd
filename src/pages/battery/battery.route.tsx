import { useSelector } from '@xstate/react'
import { batteryOperationMachine } from '../../../machines/battery-operation/battery-operation.machine'
import { selectData } from '../../../machines/resource/resource.selectors'
import { sellOfferMachine } from '../../../machines/sell-offer/sell-offer.machine'
import { terydollarPurchaseMachine } from '../../../machines/terydollar-purchase/terydollar-purchase.machine'
import { tradingOfferMachine } from '../../../machines/trading-offer/trading-offer.machine'
import { battery } from '../../copy/battery'
import { loading } from '../../copy/common'
import { useAppActors } from '../../app/app-context'
import { batteryOperationActors } from '../../shared/battery-operation.actors'
import { usePageActor } from '../../app/use-page-actor'
import { BatteryOperationDialog } from '../../components/battery-operation-dialog'
import { Spinner } from '../../components/spinner'
import {
  batteryOverviewActors,
  batteryOverviewMachine,
  boardActors,
  boardMachine,
  burnValueActors,
  burnValueMachine,
  ownOffersActors,
  ownOffersMachine,
  sellOfferActors,
  terydollarPurchaseActors,
  tradeHistoryActors,
  tradeHistoryMachine,
  tradingOfferActors,
} from './battery.actors'
import { BatteriesCard } from './batteries-card'
import { OfferDialog } from './offer-dialog'
import { TerydollarCard } from './terydollar-card'
import { TradingBoard } from './trading-board'
import '../../components/economy.css'
import './battery.css'

/**
 * /battery: terydollars (balance, exchange, buying them with a voucher), batteries (buy, melt,
 * collect), burning, and the trading board with its tabs, the sell-offer form and the confirm-buy
 * modal. Every figure comes from the server; the machines run each flow.
 */
export function Component() {
  const { config } = useAppActors()
  const rules = useSelector(config, (snapshot) => selectData(snapshot)?.rules)

  const overview = usePageActor(batteryOverviewMachine, batteryOverviewActors)
  const burnValue = usePageActor(burnValueMachine, burnValueActors)
  const board = usePageActor(boardMachine, boardActors)
  const ownOffers = usePageActor(ownOffersMachine, ownOffersActors)
  const history = usePageActor(tradeHistoryMachine, tradeHistoryActors)

  const reloadTrading = () => {
    for (const list of [board, ownOffers, history]) list.send({ type: 'resource.reload' })
  }
  const operation = usePageActor(batteryOperationMachine, batteryOperationActors, {
    effects: {
      'battery.changed': () => {
        overview.send({ type: 'resource.reload' })
        burnValue.send({ type: 'resource.reload' })
      },
    },
  })
  const purchase = usePageActor(terydollarPurchaseMachine, terydollarPurchaseActors)
  const tradingOffer = usePageActor(tradingOfferMachine, tradingOfferActors, {
    effects: { 'offers.changed': reloadTrading },
  })
  const sellOffer = usePageActor(sellOfferMachine, sellOfferActors, {
    effects: { 'offers.changed': reloadTrading },
  })

  return (
    <div className="page battery">
      <div className="page__header">
        <h1>{battery.title}</h1>
        <p>{battery.intro}</p>
      </div>
      {rules ? (
        <>
          <div className="battery__grid">
            <TerydollarCard actor={purchase} rules={rules.terydollars} />
            <BatteriesCard
              overview={overview}
              burnValue={burnValue}
              operation={operation}
              rules={rules}
            />
          </div>
          <TradingBoard
            board={board}
            ownOffers={ownOffers}
            history={history}
            tradingOffer={tradingOffer}
            sellOffer={sellOffer}
            rules={rules.trading}
          />
          <BatteryOperationDialog actor={operation} />
          <OfferDialog actor={tradingOffer} />
        </>
      ) : (
        <Spinner label={loading.page} />
      )}
    </div>
  )
}
