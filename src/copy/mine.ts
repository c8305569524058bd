import type { CurrencyAmount } from '../../contract/currencies'
import {
  currencyName,
  formatCount,
  formatInteger,
  formatMoney,
  moneyOf,
} from '../../contract/money-text'
import { formatAmount } from '../format/numbers'

const gemAmount = moneyOf('gems')
const terycarbonAmount = moneyOf('terycarbons')

/** The words of /mine (the mine, its stations, the backpack, the team bonus and the payouts). */
export const mine = {
  title: 'Tu mina',
  intro:
    'Enciende tus estaciones con terycarbonos: cada una produce su parte mientras está encendida.',
  loading: 'Cargando tu mina…',
  failed: 'No pudimos cargar tu mina.',
  help: 'AYUDA',
  mode: (mode: string) => `Modo: ${mode}`,
  changeMode: 'Cambiar modo',
  fuel: {
    title: 'Terycarbonos',
    label: 'Tus terycarbonos, el combustible de la mina',
    buy: 'COMPRAR',
  },
  backpack: {
    title: 'Mochila',
    label: (percent: number) => `Mochila llena al ${formatInteger(percent)}%`,
    of: (amount: number, capacity: CurrencyAmount) =>
      `${formatAmount(amount, 1)} de ${formatMoney(capacity)}`,
    perHour: ({ currency, amount }: CurrencyAmount) =>
      `+${formatAmount(amount, 1)} ${currencyName(currency, amount)} por hora`,
    idle: 'Enciende una estación para que tu mochila empiece a llenarse.',
    full: 'Tu mochila está llena: recógela para seguir produciendo.',
    collect: (collectable: CurrencyAmount) => `RECOGER ${formatMoney(collectable)}`,
    collectNothing: 'RECOGER',
    collecting: 'Recogiendo…',
  },
  stations: {
    title: 'Estaciones',
    label: 'Las nueve estaciones de tu mina',
    share: (percent: string) => `${percent} de la producción y del bono`,
    on: 'Encendida',
    off: 'Apagada',
    timeLeft: (time: string) => `Se apaga en ${time}`,
    fuel: (cost: number) => `Combustible: ${terycarbonAmount(cost)}`,
    activate: 'ENCENDER',
    activateLabel: (name: string, cost: number) => `Encender ${name} por ${terycarbonAmount(cost)}`,
    activating: 'Encendiendo…',
    dismiss: 'Entendido',
    buy: 'Comprar terycarbonos',
  },
  bonus: {
    title: 'Bono de equipo',
    text: 'Tu porcentaje de rango sobre lo que ganó tu equipo cada día, repartido entre las estaciones que tenías encendidas.',
    ready: (gems: number, days: number) =>
      `${gemAmount(gems)} listas de ${formatCount(days, 'día', 'días')}`,
    none: 'Aún no hay bono para recoger: se calcula al cerrar cada día.',
    collect: 'RECOGER BONO',
    collecting: 'Recogiendo…',
  },
  paid: {
    collect: (paid: CurrencyAmount) => `Recogiste ${formatMoney(paid)}`,
    bonus: (amount: number) => `Recogiste ${gemAmount(amount)} de bono de equipo`,
    bought: (amount: number, paid: string) => `Compraste ${terycarbonAmount(amount)} por ${paid}`,
  },
  payouts: {
    title: 'Tus pagos',
    loading: 'Cargando tus pagos…',
    empty: 'Aún no has recibido pagos de la mina, del equipo ni de rangos.',
    explain: 'Ver cálculo',
    explainLabel: (what: string, date: string) => `Ver cálculo de ${what} del ${date}`,
  },
  buy: {
    title: 'Comprar terycarbonos',
    amount: 'Cantidad de terycarbonos',
    amountHint: 'De 100 a 100.000, en múltiplos de 100.',
    payWith: 'Pagar con',
    price: (price: CurrencyAmount) => `Pagarás ${formatMoney(price)}`,
    rate: (terydollars: number, gems: number) =>
      `1 terydólar = ${terycarbonAmount(terydollars)} · 1 gema = ${terycarbonAmount(gems)}`,
    submit: 'COMPRAR',
    paying: 'Comprando…',
    cancel: 'CANCELAR',
  },
  helpModal: {
    title: 'Cómo funciona la mina',
    items: (rules: {
      hours: string
      perDay: number
      perDayGems: number
      capacity: number
      capacityGems: number
    }) => [
      `Cada estación se enciende con terycarbonos y produce durante ${rules.hours} horas; después se apaga sola.`,
      `Con las nueve encendidas, la mina produce ${terycarbonAmount(rules.perDay)} al día (o ${gemAmount(rules.perDayGems)} en modo gemas); cada estación aporta su porcentaje.`,
      `La mochila guarda hasta ${terycarbonAmount(rules.capacity)} (${gemAmount(rules.capacityGems)}): cuando se llena deja de producir hasta que la recoges.`,
      'El bono de equipo es tu porcentaje de rango sobre las gemas que ganó tu equipo cada día; solo lo cobran las estaciones que estaban encendidas, por las horas que lo estuvieron.',
      'Toca "Ver cálculo" en cualquier pago para ver qué estación, generación o rango lo produjo.',
    ],
    close: 'ENTENDIDO',
  },
} as const
