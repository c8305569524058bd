import type { CurrencyAmount } from '../../contract/currencies'
import { currencyName, formatMoney, moneyOf } from '../../contract/money-text'
import { formatAmount } from '../format/numbers'

const gemAmount = moneyOf('gems')

/** How a payout is named and explained (the explanation modal of /mine). */
export const payouts = {
  kinds: {
    'mine.collect': 'Recolección de la mina',
    'team.bonus': 'Bono de equipo',
    'rank.reward': 'Gemas de rango',
  } as Record<string, string>,
  otherKind: 'Pago',
  title: 'Cálculo del pago',
  loading: 'Cargando el cálculo…',
  failed: 'No pudimos cargar este pago.',
  amount: 'Recibiste',
  when: 'Fecha',
  close: 'CERRAR',
  fromLedger: 'Leído tal como quedó registrado en el libro de cuentas.',
  collect: {
    window: (from: string, to: string) => `Producción del ${from} al ${to}.`,
    mode: (perDay: CurrencyAmount) =>
      `Modo ${currencyName(perDay.currency, 0)}: la mina completa produce ${formatMoney(perDay)} al día; cada estación, su porcentaje por las horas que estuvo encendida.`,
    produced: (produced: CurrencyAmount, capacity: number) =>
      `Se produjeron ${formatAmount(produced.amount, 3)} ${currencyName(produced.currency, produced.amount)}; la mochila guarda hasta ${formatMoney({ currency: produced.currency, amount: capacity })}.`,
    capped: 'La mochila se llenó: lo que pasó de su capacidad no se guardó.',
    modeChange: 'Se recogió al cambiar el modo de minería.',
    byStation: 'Por estación',
  },
  bonus: {
    day: (day: string) => `Bono del día ${day}.`,
    earned: (gems: number) => `Tu equipo ganó ${gemAmount(gems)} ese día.`,
    pool: (percent: string, pool: number) =>
      `Tu rango da el ${percent}: ${formatAmount(pool, 3)} ${currencyName('gems', pool)} si las nueve estaciones hubieran estado encendidas todo el día.`,
    byGeneration: 'Por generación',
    generation: (level: number) => `Nivel ${level}`,
    byStation: 'Por estación (horas encendida)',
    hours: (hours: string) => `${hours} h`,
  },
  rank: {
    reached: (rank: string) => `Alcanzaste el rango ${rank}.`,
    team: (team: string, direct: string) =>
      `Contaron para el rango ${team} jugadores de tu equipo y ${direct} referidos directos.`,
  },
  other: 'Detalle registrado',
  parts: (name: string, amount: string) => `${name}: ${amount}`,
} as const
