import { formatInteger } from './money-text'

/**
 * The Spanish words of this area, for its forms and its server answers alike. Kept here rather
 * than in ./messages.ts, which the entry chunk carries, so they load with the area's screens.
 */
export const economyMessages = {
  id: 'Identificador no válido',
  paymentMethod: 'Elige un método de pago válido',
  btcAddress: 'Dirección de Bitcoin no válida',
  usdtAddress: 'Dirección de USDT (red TRON, TRC20) no válida',
  nequiAccount: 'Número de Nequi no válido',
  bancolombiaAccount: 'Número de cuenta Bancolombia no válido (11 dígitos)',
  batteryOperation: 'Operación no válida',
  reason: 'Escribe un motivo de hasta 200 caracteres',
  batteryLimit: 'Superarías el máximo de baterías por jugador',
  nothingToCollect: 'Aún no hay gemas para recolectar',
  batteriesBought: 'Baterías compradas',
  batteriesMelted: 'Baterías fundidas',
  gemsCollected: 'Gemas recolectadas',
  terydollarsBurned: 'Terydólares quemados',
  terycarbonBatteryPaid: 'Pago de la batería de terycarbonos registrado',
  terycarbonBatteryOverpaid: 'El monto supera lo que falta por pagar de la batería',
  terycarbonBatteryMinimum:
    'El pago es menor que el mínimo por pago: paga al menos el mínimo o todo lo que falta',
  terycarbonBatteryComplete: 'Ya pagaste toda tu batería de terycarbonos',
  orderCreated: 'Orden creada. Paga y envía tu comprobante.',
  orderOpen: 'Ya tienes una orden de compra abierta',
  orderNotFound: 'La orden no existe',
  orderClosed: 'La orden ya fue revisada',
  voucherReceived: 'Recibimos tu comprobante. Lo revisaremos pronto.',
  offerListed: 'Oferta publicada',
  offerBought: 'Compraste la oferta',
  offerCancelled: 'Oferta cancelada',
  offerNotFound: 'La oferta no existe',
  offerGone: 'La oferta ya no está disponible',
  ownOffer: 'No puedes comprar tu propia oferta',
  notYourOffer: 'Solo puedes cancelar tus propias ofertas',
  tooManyOffers: 'Alcanzaste el máximo de ofertas abiertas',
  unknownPlayerCode: 'No existe un jugador con ese código',
  selfTransfer: 'No puedes enviarte gemas a ti mismo',
  gemsSent: 'Envío de gemas registrado',
  inventoryNotFound: 'Inventario no encontrado',
  walletNotFound: 'Billetera no encontrada',
  walletSaved: 'Billetera guardada',
  noWalletForMethod: 'Agrega primero una billetera para este método de pago',
  conversionRequested: 'Canje solicitado. Te enviaremos el dinero a tu billetera.',
} as const

/** Messages of amount rules, with the bound written as a Colombian reader expects (1.000). */
export const amountMessages = {
  min: (min: number) => `El mínimo es ${formatInteger(min)}`,
  max: (max: number) => `El máximo es ${formatInteger(max)}`,
} as const
