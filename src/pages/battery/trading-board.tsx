import { useSearchParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type { sellOfferMachine } from '../../../machines/sell-offer/sell-offer.machine'
import type { tradingOfferMachine } from '../../../machines/trading-offer/trading-offer.machine'
import type { BoardOffer, OwnOffer, TradeEntry, TradingRules } from '../../../contract/trading'
import { battery } from '../../copy/battery'
import { formatDateTime } from '../../format/dates'
import { formatInteger } from '../../../contract/money-text'
import { Pager } from '../../components/pager'
import { ResourceStatus } from '../../components/resource-status'
import { Tabs } from '../../components/tabs'
import type { boardMachine, ownOffersMachine, tradeHistoryMachine } from './battery.actors'
import { SellOfferForm } from './sell-offer-form'

type Tab = 'offers' | 'own' | 'history'
type OfferActor = ActorRefFrom<typeof tradingOfferMachine>

const tabs: readonly { id: Tab; label: string; key: string }[] = [
  { id: 'offers', label: battery.tabs.offers, key: 'ofertas' },
  { id: 'own', label: battery.tabs.own, key: 'mias' },
  { id: 'history', label: battery.tabs.history, key: 'historial' },
]

/** The trading board: its three tabs, each paged, and the sell-offer form beside them. */
export function TradingBoard({
  board,
  ownOffers,
  history,
  tradingOffer,
  sellOffer,
  rules,
}: {
  board: ActorRefFrom<typeof boardMachine>
  ownOffers: ActorRefFrom<typeof ownOffersMachine>
  history: ActorRefFrom<typeof tradeHistoryMachine>
  tradingOffer: OfferActor
  sellOffer: ActorRefFrom<typeof sellOfferMachine>
  rules: TradingRules
}) {
  // The tab lives in the address (?tablero=), as /missions keeps its network: reload and back
  // show the same tab.
  const [params, setParams] = useSearchParams()
  const tab = tabs.find((item) => item.key === params.get('tablero'))?.id ?? 'offers'
  return (
    <section className="card trading" aria-labelledby="trading-title">
      <h2 id="trading-title" className="card__title">
        {battery.tradingTitle}
      </h2>
      <p className="muted">{battery.tradingIntro}</p>
      <div className="trading__layout">
        <Tabs
          label={battery.tabsLabel}
          tabs={tabs}
          selected={tab}
          onSelect={(id) =>
            setParams(
              { tablero: tabs.find((item) => item.id === id)?.key ?? '' },
              { replace: true },
            )
          }
        >
          {tab === 'offers' ? (
            <ResourceStatus
              actor={board}
              loading={battery.loadingOffers}
              empty={battery.noOffers}
              failed={battery.offersFailed}
            >
              {(offers) => (
                <ul className="offers">
                  {offers.map((offer) => (
                    <BoardRow key={offer.id} offer={offer} actor={tradingOffer} />
                  ))}
                </ul>
              )}
            </ResourceStatus>
          ) : null}
          {tab === 'own' ? (
            <ResourceStatus
              actor={ownOffers}
              loading={battery.loadingOffers}
              empty={battery.noOwnOffers}
              failed={battery.offersFailed}
            >
              {(offers) => (
                <ul className="offers">
                  {offers.map((offer) => (
                    <OwnRow key={offer.id} offer={offer} actor={tradingOffer} />
                  ))}
                </ul>
              )}
            </ResourceStatus>
          ) : null}
          {tab === 'history' ? (
            <ResourceStatus
              actor={history}
              loading={battery.loadingOffers}
              empty={battery.noHistory}
              failed={battery.offersFailed}
            >
              {(trades) => (
                <ul className="offers">
                  {trades.map((trade) => (
                    <TradeRow key={`${trade.offerId}-${trade.kind}`} trade={trade} />
                  ))}
                </ul>
              )}
            </ResourceStatus>
          ) : null}
          {tab === 'offers' ? <Pager actor={board} label={battery.tabs.offers} /> : null}
          {tab === 'own' ? <Pager actor={ownOffers} label={battery.tabs.own} /> : null}
          {tab === 'history' ? <Pager actor={history} label={battery.tabs.history} /> : null}
        </Tabs>
        <SellOfferForm actor={sellOffer} rules={rules} />
      </div>
    </section>
  )
}

function offerLine(amount: number, price: number) {
  return battery.offerLine(amount, price)
}

function BoardRow({ offer, actor }: { offer: BoardOffer; actor: OfferActor }) {
  const summary = { ...offer, seller: offer.own ? null : offer.seller }
  return (
    <li className="offer">
      <div className="offer__text">
        <p className="offer__line">{offerLine(offer.amount, offer.price)}</p>
        <p className="muted">
          {offer.own ? battery.yours : battery.seller(offer.seller.name)} ·{' '}
          {battery.offerTotal(offer.total)}
        </p>
      </div>
      {offer.own ? (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`${battery.cancel} ${offerLine(offer.amount, offer.price)}`}
          onClick={() => actor.send({ type: 'offer.cancel', offer: summary })}
        >
          {battery.cancel}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small button--gold"
          aria-label={`${battery.buy} ${offerLine(offer.amount, offer.price)} (${offer.seller.name})`}
          onClick={() => actor.send({ type: 'offer.buy', offer: summary })}
        >
          {battery.buy}
        </button>
      )}
    </li>
  )
}

function OwnRow({ offer, actor }: { offer: OwnOffer; actor: OfferActor }) {
  return (
    <li className="offer">
      <div className="offer__text">
        <p className="offer__line">{offerLine(offer.amount, offer.price)}</p>
        <p className="muted">
          <span className={`state state--${offer.state}`}>{battery.offerStates[offer.state]}</span>
          {offer.buyer ? ` · ${battery.soldTo(offer.buyer.name)}` : ''} ·{' '}
          {formatDateTime(offer.closedAt ?? offer.createdAt)}
        </p>
      </div>
      {offer.state === 'open' ? (
        <button
          type="button"
          className="button button--small button--ghost"
          aria-label={`${battery.cancel} ${offerLine(offer.amount, offer.price)}`}
          onClick={() => actor.send({ type: 'offer.cancel', offer: { ...offer, seller: null } })}
        >
          {battery.cancel}
        </button>
      ) : null}
    </li>
  )
}

function TradeRow({ trade }: { trade: TradeEntry }) {
  const sale = trade.kind === 'sale'
  return (
    <li className="offer">
      <div className="offer__text">
        <p className="offer__line">
          <span className={`state state--${trade.kind}`}>
            {sale ? battery.sale : battery.purchase}
          </span>{' '}
          {offerLine(trade.amount, trade.price)} {battery.tradeWith(trade.counterpart.name)}
        </p>
        <p className="muted">
          {sale
            ? battery.receivedGems(trade.gems, formatInteger(trade.fee))
            : battery.paidGems(trade.gems)}{' '}
          · {formatDateTime(trade.closedAt)}
        </p>
      </div>
    </li>
  )
}
