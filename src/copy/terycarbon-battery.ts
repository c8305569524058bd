import { moneyOf } from '../../contract/money-text'

const terycarbonAmount = moneyOf('terycarbons')

/** /terycarbonBattery in es-CO Spanish. */

export const terycarbonBattery = {
  title: 'Batería de terycarbonos',
  intro:
    'Una batería que se paga con terycarbonos, de una vez o por partes, y potencia todas tus baterías.',
  loading: 'Cargando tu batería de terycarbonos…',
  failed: 'No pudimos cargar tu batería de terycarbonos.',
  progressLabel: 'Pagado de la batería',
  paid: (paid: string, price: number) => `${paid} de ${terycarbonAmount(price)}`,
  remaining: (remaining: number) => `Faltan ${terycarbonAmount(remaining)}`,
  active: 'Tu batería de terycarbonos está activa.',
  activeSince: (date: string) => `Activa desde el ${date}`,
  benefitsTitle: 'Beneficios',
  benefits: (boost: string, minPartial: number) => [
    `Todas tus baterías producen un ${boost} más de gemas cada día.`,
    `Puedes pagarla por partes, desde ${terycarbonAmount(minPartial)} por pago (el último pago puede ser menor: lo que falte).`,
    'Se paga una sola vez y queda activa para siempre.',
  ],
  buyAll: (remaining: string) => `PAGAR TODO (${remaining})`,
  partialTitle: 'Pago parcial',
  partialLabel: 'Terycarbonos a pagar',
  partialHint: (minPartial: number) => `Desde ${terycarbonAmount(minPartial)}, o lo que falte.`,
  payPart: 'PAGAR PARTE',
  yourTerycarbons: (amount: number) => `Tienes ${terycarbonAmount(amount)}.`,
  backToBattery: 'Volver a Batería',
} as const
