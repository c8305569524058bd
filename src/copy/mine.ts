import { formatInteger } from '../format/numbers'

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
    of: (amount: string, capacity: string, currency: string) =>
      `${amount} de ${capacity} ${currency}`,
    perHour: (amount: string, currency: string) => `+${amount} ${currency} por hora`,
    idle: 'Enciende una estación para que tu mochila empiece a llenarse.',
    full: 'Tu mochila está llena: recógela para seguir produciendo.',
    collect: (amount: string) => `RECOGER ${amount}`,
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
    fuel: (cost: string) => `Combustible: ${cost} terycarbonos`,
    activate: 'ENCENDER',
    activateLabel: (name: string, cost: string) => `Encender ${name} por ${cost} terycarbonos`,
    activating: 'Encendiendo…',
    dismiss: 'Entendido',
    buy: 'Comprar terycarbonos',
  },
  bonus: {
    title: 'Bono de equipo',
    text: 'Tu porcentaje de rango sobre lo que ganó tu equipo cada día, repartido entre las estaciones que tenías encendidas.',
    ready: (gems: string, days: number) =>
      `${gems} gemas listas de ${days === 1 ? '1 día' : `${days} días`}`,
    none: 'Aún no hay bono para recoger: se calcula al cerrar cada día.',
    collect: 'RECOGER BONO',
    collecting: 'Recogiendo…',
  },
  paid: {
    collect: (amount: string, currency: string) => `Recogiste ${amount} ${currency}`,
    bonus: (amount: string) => `Recogiste ${amount} gemas de bono de equipo`,
    bought: (amount: string, paid: string) => `Compraste ${amount} terycarbonos por ${paid}`,
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
    price: (amount: string, currency: string) => `Pagarás ${amount} ${currency}`,
    rate: (terydollars: string, gems: string) =>
      `1 terydólar = ${terydollars} terycarbonos · 1 gema = ${gems} terycarbonos`,
    submit: 'COMPRAR',
    paying: 'Comprando…',
    cancel: 'CANCELAR',
  },
  helpModal: {
    title: 'Cómo funciona la mina',
    items: (rules: {
      hours: string
      perDay: string
      perDayGems: string
      capacity: string
      capacityGems: string
    }) => [
      `Cada estación se enciende con terycarbonos y produce durante ${rules.hours} horas; después se apaga sola.`,
      `Con las nueve encendidas, la mina produce ${rules.perDay} terycarbonos al día (o ${rules.perDayGems} gemas en modo gemas); cada estación aporta su porcentaje.`,
      `La mochila guarda hasta ${rules.capacity} terycarbonos (${rules.capacityGems} gemas): cuando se llena deja de producir hasta que la recoges.`,
      'El bono de equipo es tu porcentaje de rango sobre las gemas que ganó tu equipo cada día; solo lo cobran las estaciones que estaban encendidas, por las horas que lo estuvieron.',
      'Toca "Ver cálculo" en cualquier pago para ver qué estación, generación o rango lo produjo.',
    ],
    close: 'ENTENDIDO',
  },
} as const
