import { useDeferredValue, useMemo } from 'react'
import { useSelector } from '@xstate/react'
import { gemConversionMachine } from '../../../machines/gem-conversion/gem-conversion.machine'
import { gemTransferMachine } from '../../../machines/gem-transfer/gem-transfer.machine'
import { selectData } from '../../../machines/resource/resource.selectors'
import { selectSession } from '../../../machines/session/session.selectors'
import { walletMachine } from '../../../machines/wallet/wallet.machine'
import type { GameConfig } from '../../../contract/config'
import { loading } from '../../copy/common'
import { market } from '../../copy/market'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { Spinner } from '../../components/spinner'
import { ConversionCard } from './conversion-card'
import {
  gemHistoryActors,
  gemHistoryMachine,
  gemTransferActors,
  marketActors,
  payoutsMachine,
  walletActors,
  walletsMachine,
} from './market.actors'
import { PayoutHistory } from './payout-history'
import { SendGemsCard } from './send-gems-card'
import { WalletsCard } from './wallets-card'
import '../../components/economy.css'
import './market.css'

/**
 * /market: gem conversion with its fee and the claim, the payment methods and the player's
 * wallets (with the BTC warning advice), the transaction history, sending gems by code with the
 * recipient's name shown first, and the send history with its pages.
 */
export function Component() {
  const { session, config } = useAppActors()
  // The market's cards are the page's largest render: deferred, React renders them in slices the
  // browser can interrupt, not in the task of the session's or the configuration's answer.
  // The player's id only: the session changes with every balance the market's calls move.
  const playerId = useDeferredValue(useSelector(session, (snapshot) => selectSession(snapshot)?.id))
  const rules = useDeferredValue(useSelector(config, (snapshot) => selectData(snapshot)?.rules))
  // Before the session is known (the page's first paint, rendered at build time) and once it has
  // ended (logout), there is no player: the page waits.
  return (
    <div className="page market">
      <div className="page__header">
        <h1>{market.title}</h1>
        <p>{market.intro}</p>
      </div>
      {playerId && rules ? (
        <MarketScreen inventoryId={playerId} rules={rules} />
      ) : (
        <Spinner label={loading.page} />
      )}
    </div>
  )
}

function MarketScreen({ inventoryId, rules }: { inventoryId: string; rules: GameConfig['rules'] }) {
  const actors = useMemo(() => marketActors(inventoryId), [inventoryId])
  const wallets = usePageActor(walletsMachine, actors.wallets)
  const payouts = usePageActor(payoutsMachine, actors.payouts)
  const gemHistory = usePageActor(gemHistoryMachine, gemHistoryActors)
  const conversion = usePageActor(gemConversionMachine, actors.conversion, {
    effects: { 'payouts.changed': () => payouts.send({ type: 'resource.reload' }) },
  })
  const wallet = usePageActor(walletMachine, walletActors, {
    effects: {
      'wallets.changed': () => {
        wallets.send({ type: 'resource.reload' })
        conversion.send({ type: 'conversion.refresh' })
      },
    },
  })
  const transfer = usePageActor(gemTransferMachine, gemTransferActors, {
    effects: { 'transfers.changed': () => gemHistory.send({ type: 'resource.reload' }) },
  })

  return (
    <>
      <div className="market__grid">
        <ConversionCard actor={conversion} wallet={wallet} rules={rules} />
        <WalletsCard wallets={wallets} actor={wallet} methods={rules.paymentMethods} />
      </div>
      <PayoutHistory actor={payouts} />
      <SendGemsCard actor={transfer} history={gemHistory} rules={rules.gemTransfers} />
    </>
  )
}
