import type { CurrencyAmount } from '../../contract/currencies'
import { formatMoney, moneyOf } from '../../contract/money-text'

const terycarbonAmount = moneyOf('terycarbons')

/** The words of /miningMode. */
export const miningMode = {
  title: 'Modo de minería',
  intro: 'Elige qué produce tu mina. El modo gemas se desbloquea una sola vez con terycarbonos.',
  loading: 'Cargando el modo de tu mina…',
  failed: 'No pudimos cargar el modo de tu mina.',
  modes: {
    terycarbons: {
      name: 'Terycarbonos',
      text: 'Tu mina produce terycarbonos, el combustible de tus estaciones. Siempre disponible.',
    },
    gems: {
      name: 'Gemas',
      text: 'Tu mina produce gemas, que puedes canjear en el mercado.',
    },
  },
  active: 'ACTIVO',
  use: 'USAR',
  switching: 'Cambiando…',
  locked: 'Bloqueado',
  price: (amount: number) => `${terycarbonAmount(amount)}, un solo pago`,
  unlock: 'DESBLOQUEAR',
  unlockLabel: (amount: number) => `Desbloquear el modo gemas por ${terycarbonAmount(amount)}`,
  paying: 'Pagando…',
  balance: (amount: number) => `Tienes ${terycarbonAmount(amount)}`,
  confirm: {
    title: 'Desbloquear el modo gemas',
    text: (amount: number) =>
      `Pagarás ${terycarbonAmount(amount)} una sola vez. Desde ese momento tu mina producirá gemas y podrás volver a terycarbonos cuando quieras.`,
    accept: 'PAGAR Y ACTIVAR',
    cancel: 'CANCELAR',
  },
  short: {
    title: 'Te faltan terycarbonos',
    text: (missing: number) =>
      `Te faltan ${terycarbonAmount(missing)} para desbloquear el modo gemas. Cómpralos en tu mina.`,
    buy: 'Comprar terycarbonos',
    dismiss: 'Entendido',
  },
  changed: {
    unlocked: 'Desbloqueaste el modo gemas: tu mina ya produce gemas.',
    gems: 'Tu mina ahora produce gemas.',
    terycarbons: 'Tu mina ahora produce terycarbonos.',
    collected: (collected: CurrencyAmount) =>
      `Antes de cambiar recogimos ${formatMoney(collected)} de tu mochila.`,
  },
} as const
