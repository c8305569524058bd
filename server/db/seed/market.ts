import type { UserRow } from '../../services/auth'
import { buyBatteries, payTerycarbonBattery } from '../../services/battery'
import type { FileStore } from '../../services/file-store'
import { sendGems } from '../../services/gem-transfers'
import { convertGems, markPayoutSent } from '../../services/market'
import { acknowledgeMessage, listUnread } from '../../services/messages'
import { approveOrder, createOrder, sendVoucher } from '../../services/terydollar-orders'
import { buyOffer, cancelOffer, createOffer } from '../../services/trading'
import { saveWallet } from '../../services/wallets'
import type { Db } from '../client'
import { giveFromSupply, type DemoWorld } from './players'
import { inTransaction } from '../../services/atomic'

const HOUR = 60 * 60 * 1000

/**
 * The voucher of the demo's approved order: a small PNG of a ruled receipt (an operator who
 * saves it with `save-voucher` sees a 48x32 sketch, not a real payment).
 */
const DEMO_VOUCHER = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAARUlEQVR42mNQ2rxkUCGGQeqgr18/DDgaddCwchDdkvBolI06aDSXjeayUQeNOmg0l41G2aiDRnPZaC4bddCog0ZHPwggAOnWuJflIMBhAAAAAElFTkSuQmCC',
    'base64',
  ),
)

/** Sell offers other players keep on the board: seller's name, terydollars, gems each. */
const BOARD: readonly { seller: string; amount: number; price: number }[] = [
  { seller: 'Valentina Gómez', amount: 20, price: 95 },
  { seller: 'Santiago Rodríguez', amount: 50, price: 92 },
  { seller: 'Sebastián Ruiz', amount: 10, price: 100 },
  { seller: 'Camila Álvarez', amount: 35, price: 90 },
  { seller: 'Juliana Herrera', amount: 15, price: 98 },
  { seller: 'Juliana Herrera', amount: 60, price: 88 },
  { seller: 'Felipe Medina', amount: 25, price: 94 },
  { seller: 'Isabella Martínez', amount: 40, price: 91 },
  { seller: 'Samuel López', amount: 8, price: 99 },
  { seller: 'Nicolás Romero', amount: 30, price: 93 },
  { seller: 'Alejandro Mendoza', amount: 12, price: 96 },
]

/**
 * A living market for the demo (SEED=demo), made through the same services players use, so every
 * balance is the ledger's: other players' offers on the trading board, and a history for the demo
 * player (an approved terydollar order, batteries bought days ago with gems to collect, a partly
 * paid terycarbon battery, a sale, a purchase, a cancelled and an open offer, gems sent and
 * received, one of them held, wallets, a paid and a pending conversion).
 */
export async function seedMarket(db: Db, { demo, team }: DemoWorld, files: FileStore, now: Date) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR)
  const player = (name: string): UserRow => {
    const found = team.find((member) => member.name === name)
    if (!found) throw new Error(`The demo team has no ${name}`)
    return found
  }

  // The sellers' own terydollars and gems, as if they had bought and played for a while.
  const traders = [...new Set(BOARD.map((offer) => offer.seller))].map(player)
  await inTransaction(db, async (tx) => {
    for (const trader of traders) {
      await giveFromSupply(tx, trader.id, { terydollars: 200, gems: 6_000 }, at(120))
    }
    await giveFromSupply(tx, demo.id, { gems: 4_000 }, at(120))
  })

  // Terydollars bought with Nequi, voucher sent, approved by the operator.
  const order = await createOrder(db, demo.id, { method: 'nequi', amount: 200 }, at(96))
  await sendVoucher(
    db,
    files,
    demo.id,
    order.id,
    { bytes: DEMO_VOUCHER, type: 'image/png' },
    at(95),
  )
  await approveOrder(db, order.id, at(94))

  await buyBatteries(db, demo.id, 12, at(72))
  await buyBatteries(db, demo.id, 3, at(24))
  await payTerycarbonBattery(db, demo.id, 1_500, at(48))

  const sold = await createOffer(db, demo.id, { amount: 10, price: 90 }, at(60))
  await buyOffer(db, player('Santiago Rodríguez').id, sold.offer.id, at(55))
  const withdrawn = await createOffer(db, demo.id, { amount: 8, price: 110 }, at(50))
  await cancelOffer(db, demo.id, withdrawn.offer.id, at(40))

  for (const [index, offer] of BOARD.entries()) {
    await createOffer(db, player(offer.seller).id, offer, at(36 - index * 3))
  }
  const bought = await createOffer(
    db,
    player('Camila Álvarez').id,
    { amount: 5, price: 95 },
    at(30),
  )
  await buyOffer(db, demo.id, bought.offer.id, at(28))
  await createOffer(db, demo.id, { amount: 15, price: 97 }, at(3))

  await sendGems(db, demo.id, { code: player('Valentina Gómez').code, amount: 120 }, at(20))
  await sendGems(db, player('Sebastián Ruiz').id, { code: demo.code, amount: 250 }, at(18))
  await sendGems(db, player('Juliana Herrera').id, { code: demo.code, amount: 5_000 }, at(2))
  // The demo player has read what came before today: welcome messages are Valentina's to show.
  for (const { id } of (await listUnread(db, demo.id)).messages) {
    await acknowledgeMessage(db, demo.id, id, at(1))
  }

  await saveWallet(
    db,
    demo.id,
    { method: 'usdt', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    at(90),
  )
  await saveWallet(db, demo.id, { method: 'nequi', address: '3001234567' }, at(12))
  const paid = await convertGems(db, demo.id, 'usdt', 1_000, at(80))
  await markPayoutSent(db, paid.payout.id, at(70))
  await convertGems(db, demo.id, 'nequi', 800, at(1))
}
