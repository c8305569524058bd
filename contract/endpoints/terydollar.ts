import { batteryOperationResult } from '../battery'
import { economyMessages } from '../economy-messages'
import { apiMessages } from '../messages'
import {
  burnBody,
  burnValue,
  cryptoOrderBody,
  currentOrder,
  otherOrderBody,
  terydollarOrder,
  voucherQuery,
  type TerydollarRules,
} from '../terydollar'
import { defineEndpoint, type EndpointError } from '../endpoint'

const orderDescription =
  'Creates an order waiting for its payment voucher; the answer says what to pay and where (`pay`, `payTo`). An operator approves it after checking the voucher, and only then are the terydollars credited (docs/economy.md, "Terydollars").'

const orderOpen: EndpointError = {
  status: 409,
  message: economyMessages.orderOpen,
  when: 'The player has an order waiting for its voucher or its review already.',
}

export const getCurrentOrder = defineEndpoint({
  method: 'GET',
  path: '/api/terydollar',
  summary: "The player's latest terydollar order, and their balances.",
  description:
    '`order` is null before the first order. The page asks again while a voucher waits for review, so an approval shows at once.',
  auth: 'session',
  response: currentOrder,
})

export const placeCryptoOrder = defineEndpoint({
  method: 'POST',
  path: '/api/terydollar',
  summary: 'Orders terydollars paid with bitcoin or USDT.',
  description: orderDescription,
  auth: 'session',
  body: cryptoOrderBody,
  response: terydollarOrder,
  status: 201,
  message: economyMessages.orderCreated,
  errors: [orderOpen],
})

export const placeOtherOrder = defineEndpoint({
  method: 'POST',
  path: '/api/terydollar/other',
  summary: 'Orders terydollars paid with PayPal, Nequi or Bancolombia.',
  description: orderDescription,
  auth: 'session',
  body: otherOrderBody,
  response: terydollarOrder,
  status: 201,
  message: economyMessages.orderCreated,
  errors: [orderOpen],
})

export const sendOrderVoucher = defineEndpoint({
  method: 'POST',
  path: '/api/terydollar/sendOrderVoucher',
  summary: "Sends the payment voucher of the player's open order (an image).",
  description:
    'The body is the image itself. Sent again before the review, it replaces the first. Kept under DATA_DIR with the embedded database, in the database with PostgreSQL.',
  auth: 'session',
  query: voucherQuery,
  upload: (rules: TerydollarRules) => rules.voucher,
  response: terydollarOrder,
  message: economyMessages.voucherReceived,
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
})

export const getBurnValue = defineEndpoint({
  method: 'GET',
  path: '/api/terydollar/burn',
  summary: 'What burning terydollars gives: gems per terydollar, for the whole balance.',
  auth: 'session',
  response: burnValue,
})

export const burnTerydollars = defineEndpoint({
  method: 'POST',
  path: '/api/terydollar/burn',
  summary: 'Burns terydollars into gems.',
  auth: 'session',
  body: burnBody,
  response: batteryOperationResult,
  message: economyMessages.terydollarsBurned,
  errors: [
    {
      status: 400,
      message: apiMessages.notEnoughTerydollars,
      when: 'The player has fewer terydollars than asked.',
    },
  ],
  money: [
    { currency: 'terydollars', direction: 'out' },
    { currency: 'gems', direction: 'in' },
  ],
})
