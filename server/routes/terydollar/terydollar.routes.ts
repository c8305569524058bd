import { Hono } from 'hono'
import { batteryOperationResult } from '../../../contract/battery'
import { apiMessages } from '../../../contract/messages'
import {
  burnBody,
  burnValue,
  cryptoOrderBody,
  currentOrder,
  otherOrderBody,
  terydollarOrder,
  voucherQuery,
  type OrderBody,
} from '../../../contract/terydollar'
import type { RouteDeps } from '../../http/deps'
import { endpoint, type EndpointError } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { readUpload } from '../../http/upload'
import { validate } from '../../http/validate'
import { burnTerydollars, getBurnValue } from '../../services/battery'
import { TERYDOLLAR_RULES } from '../../services/rules'
import { createOrder, getCurrentOrder, sendVoucher } from '../../services/terydollar-orders'
import { economyMessages } from '../../../contract/economy-messages'

const orderOpen: EndpointError = {
  status: 409,
  message: economyMessages.orderOpen,
  when: 'The player has an order waiting for its voucher or its review already.',
}

const orderDescription =
  'Creates an order waiting for its payment voucher; the answer says what to pay and where (`pay`, `payTo`). An operator approves it after checking the voucher, and only then are the terydollars credited (docs/economy.md, "Terydollars").'

export function terydollarRoutes({ db, now, files }: RouteDeps) {
  const order = (userId: string, body: OrderBody) => createOrder(db, userId, body, now())
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({
        summary: "The player's latest terydollar order, and their balances.",
        description:
          '`order` is null before the first order. The page asks again while a voucher waits for review, so an approval shows at once.',
        auth: 'session',
        response: currentOrder,
      }),
      async (c) => reply(c, await getCurrentOrder(db, c.var.user.id)),
    )
    .post(
      '/',
      endpoint({
        summary: 'Orders terydollars paid with bitcoin or USDT.',
        description: orderDescription,
        auth: 'session',
        response: terydollarOrder,
        status: 201,
        message: economyMessages.orderCreated,
        errors: [orderOpen],
      }),
      validate('json', cryptoOrderBody(TERYDOLLAR_RULES)),
      async (c) => reply(c, await order(c.var.user.id, c.req.valid('json'))),
    )
    .post(
      '/other',
      endpoint({
        summary: 'Orders terydollars paid with PayPal, Nequi or Bancolombia.',
        description: orderDescription,
        auth: 'session',
        response: terydollarOrder,
        status: 201,
        message: economyMessages.orderCreated,
        errors: [orderOpen],
      }),
      validate('json', otherOrderBody(TERYDOLLAR_RULES)),
      async (c) => reply(c, await order(c.var.user.id, c.req.valid('json'))),
    )
    .post(
      '/sendOrderVoucher',
      endpoint({
        summary: "Sends the payment voucher of the player's open order (an image).",
        description:
          'The body is the image itself. Sent again before the review, it replaces the first. Kept under DATA_DIR with the embedded database, in the database with PostgreSQL.',
        auth: 'session',
        response: terydollarOrder,
        message: economyMessages.voucherReceived,
        upload: TERYDOLLAR_RULES.voucher,
        errors: [
          {
            status: 404,
            message: economyMessages.orderNotFound,
            when: 'The player has no order with this id (another player’s included).',
          },
          {
            status: 409,
            message: economyMessages.orderClosed,
            when: 'The order was approved or rejected already.',
          },
        ],
      }),
      validate('query', voucherQuery),
      async (c) => {
        const upload = await readUpload(c)
        const orderId = Number(c.req.valid('query').orderId)
        return reply(c, await sendVoucher(db, files, c.var.user.id, orderId, upload, now()))
      },
    )
    .get(
      '/burn',
      endpoint({
        summary: 'What burning terydollars gives: gems per terydollar, for the whole balance.',
        auth: 'session',
        response: burnValue,
      }),
      async (c) => reply(c, await getBurnValue(db, c.var.user.id)),
    )
    .post(
      '/burn',
      endpoint({
        summary: 'Burns terydollars into gems.',
        auth: 'session',
        response: batteryOperationResult,
        message: economyMessages.terydollarsBurned,
        money: [
          { currency: 'terydollars', direction: 'out' },
          { currency: 'gems', direction: 'in' },
        ],
        errors: [
          {
            status: 400,
            message: apiMessages.notEnoughTerydollars,
            when: 'The player has fewer terydollars than asked.',
          },
        ],
      }),
      validate('json', burnBody(TERYDOLLAR_RULES)),
      idempotent(db),
      async (c) =>
        reply(c, await burnTerydollars(c.var.db, c.var.user.id, c.req.valid('json').amount, now())),
    )
}
