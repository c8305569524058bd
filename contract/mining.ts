import * as v from 'valibot'
import { isoInstant } from './fields'
import { validationMessages as m } from './messages'
import { balances } from './user'

/**
 * The Spanish words of this area, for its forms and its server answers alike. Kept here rather
 * than in ./messages.ts, which the entry chunk carries, so they load with the area's screens.
 */
export const miningMessages = {
  station: 'Elige una estación de la 1 a la 9',
  miningMode: 'Elige un modo de minería: terycarbonos o gemas',
  fuelAmount: 'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000',
  payWith: 'Elige cómo pagar: terydólares o gemas',
  level: 'El nivel debe estar entre 1 y 8',
  search: 'La búsqueda no puede pasar de 60 caracteres',
  penalty: 'El filtro de penalización no es válido',
  playerId: 'El jugador no es válido',
  rankIndex: 'El rango debe estar entre 0 y 11',
  messageId: 'El mensaje no es válido',
  payoutId: 'El pago no es válido',
  stationActivated: 'Estación encendida',
  stationAlreadyOn: 'Esa estación ya está encendida',
  collected: 'Recogiste lo que produjo tu mina',
  backpackEmpty: 'Tu mochila aún no tiene nada para recoger',
  miningModeChanged: 'El modo de minería cambió en otra pantalla: vuelve a cargar la mina',
  bonusCollected: 'Recogiste tu bono de equipo',
  noTeamBonus: 'Aún no hay bono de equipo para recoger',
  penalizedNoBonus: 'Tu cuenta está penalizada: reactívala para recoger el bono de equipo',
  miningModeSaved: 'Modo de minería actualizado',
  miningModeLocked: 'Ese modo está bloqueado: desbloquéalo con terycarbonos',
  fuelBought: 'Compraste terycarbonos',
  rankRewardClaimed: 'Reclamaste las gemas de tu rango',
  rankNotReached: 'Aún no alcanzas ese rango',
  rankNeedsPlay:
    'Juega por primera vez para reclamar las gemas de tu rango: reclama una misión verificada o termina un video.',
  rankRewardTaken: 'Ya reclamaste las gemas de ese rango',
  notInTeam: 'Ese jugador no está en tu equipo',
  messageRead: 'Mensaje leído',
  messageNotFound: 'Ese mensaje no existe',
  payoutNotFound: 'Ese pago no existe',
  accountReactivated: 'Tu cuenta está activa de nuevo',
  notPenalized: 'Tu cuenta ya está activa',
  wrongReactivationCode: 'Ese código no reactiva tu cuenta',
  phoneSaved: 'Celular actualizado',
} as const

/** What the mine produces: terycarbons (free) or gems (unlocked once with terycarbons). */
export const MINING_MODES = ['terycarbons', 'gems'] as const
export type MiningMode = (typeof MINING_MODES)[number]

/** The currencies fuel can be bought with. */
export const FUEL_PAYMENT_CURRENCIES = ['terydollars', 'gems'] as const
export type FuelPaymentCurrency = (typeof FUEL_PAYMENT_CURRENCIES)[number]

/** Terycarbons bought at once: 100 to 100 000, in steps of 100 (the buy-terycarbons modal). */
export const FUEL_PURCHASE = { min: 100, max: 100_000, step: 100 } as const

/**
 * Ledger kinds of the mine, the team and the ranks. The payouts list shows the credits of
 * PAYOUT_KINDS; each credit's `cause` explains it (see the *Cause types below).
 */
export const LEDGER_KINDS = {
  /** The station's fuel for one run (debit). */
  fuel: 'mine.fuel',
  /** The gems mode's one-time price (debit). */
  unlock: 'mine.unlock',
  /** Buying terycarbons: the payment (debit) and the terycarbons (credit). */
  fuelPurchase: 'mine.fuelPurchase',
  /** What the backpack held, collected (credit). */
  collect: 'mine.collect',
  /** The team bonus of one Bogota day (credit). */
  teamBonus: 'team.bonus',
  /** A rank's gems, once per rank (credit). */
  rankReward: 'rank.reward',
} as const

export const PAYOUT_KINDS = [
  LEDGER_KINDS.collect,
  LEDGER_KINDS.teamBonus,
  LEDGER_KINDS.rankReward,
] as const
export type PayoutKind = (typeof PAYOUT_KINDS)[number]

const miningModeField = v.picklist(MINING_MODES, miningMessages.miningMode)

/** One of the nine stations of a player's mine. */
export const stationState = v.object({
  number: v.number(),
  name: v.string(),
  /** Percent of the mine's production and of the team bonus the station earns while on. */
  share: v.number(),
  /** Terycarbons one run costs. */
  fuelCost: v.number(),
  on: v.boolean(),
  /** Seconds the current run had left when the server answered; 0 when off. */
  secondsLeft: v.number(),
  /** When the current run ends; null when off. A countdown reads it against the clock. */
  endsAt: v.nullable(isoInstant),
})
export type StationState = v.InferOutput<typeof stationState>

/** What the mine produced since the last collect, in the mode's currency. */
export const backpack = v.object({
  currency: v.picklist(MINING_MODES),
  /** Produced by `at`, to the thousandth; a collect pays the whole units. */
  amount: v.number(),
  capacity: v.number(),
  /** How fast it fills right now (stations on), per second. */
  perSecond: v.number(),
  /** When the server counted `amount`: the backpack holds `amount + perSecond × seconds since`. */
  at: isoInstant,
})
export type Backpack = v.InferOutput<typeof backpack>

/** data of GET /api/node and of the calls that change the mine. */
export const mineState = v.object({
  mode: v.picklist(MINING_MODES),
  modes: v.array(
    v.object({
      mode: v.picklist(MINING_MODES),
      unlocked: v.boolean(),
      /** Terycarbons to unlock it (paid once); 0 for the free mode. */
      price: v.number(),
    }),
  ),
  stations: v.array(stationState),
  backpack,
  /** The team bonus of closed days not collected yet, in gems. */
  bonus: v.object({ amount: v.number(), days: v.number() }),
  balances,
})
export type MineState = v.InferOutput<typeof mineState>

/** POST /api/user/node/activate */
export const activateStationBody = v.object({
  station: v.pipe(
    v.number(miningMessages.station),
    v.integer(miningMessages.station),
    v.minValue(1, miningMessages.station),
    v.maxValue(9, miningMessages.station),
  ),
})
export type ActivateStationBody = v.InferOutput<typeof activateStationBody>

/** POST /api/adlot/collect: the mode the player sees, so a mode changed elsewhere is noticed. */
export const collectBody = v.object({ mode: miningModeField })

/** data of POST /api/adlot/collect */
export const collectResult = v.object({
  amount: v.number(),
  currency: v.picklist(MINING_MODES),
  /** The ledger transfer that paid it: GET /api/node/payouts/{id} explains it. */
  payoutId: v.string(),
  mine: mineState,
})
export type CollectResult = v.InferOutput<typeof collectResult>

/** data of POST /api/adlot/collectBonus */
export const bonusResult = v.object({
  amount: v.number(),
  /** Closed days paid, one payout each. */
  days: v.number(),
  mine: mineState,
})
export type BonusResult = v.InferOutput<typeof bonusResult>

/** PATCH /api/user/miningMode: `unlock: true` agrees to pay a locked mode's price. */
export const miningModeBody = v.object({
  mode: miningModeField,
  unlock: v.optional(v.boolean(m.boolean)),
})
export type MiningModeBody = v.InferOutput<typeof miningModeBody>

/** data of PATCH /api/user/miningMode */
export const miningModeChange = v.object({
  mine: mineState,
  /** Terycarbons paid to unlock the mode (0 when it was unlocked already). */
  paid: v.number(),
  /** What the backpack held, collected in the old mode before the switch; null if nothing. */
  collected: v.nullable(v.object({ amount: v.number(), currency: v.picklist(MINING_MODES) })),
})
export type MiningModeChange = v.InferOutput<typeof miningModeChange>

/** POST /api/inventory/purchase/fuel */
export const fuelPurchaseBody = v.object({
  amount: v.pipe(
    v.number(miningMessages.fuelAmount),
    v.integer(miningMessages.fuelAmount),
    v.minValue(FUEL_PURCHASE.min, miningMessages.fuelAmount),
    v.maxValue(FUEL_PURCHASE.max, miningMessages.fuelAmount),
    v.multipleOf(FUEL_PURCHASE.step, miningMessages.fuelAmount),
  ),
  payWith: v.picklist(FUEL_PAYMENT_CURRENCIES, miningMessages.payWith),
})
export type FuelPurchaseBody = v.InferOutput<typeof fuelPurchaseBody>

/** The buy-terycarbons modal's form: the amount as typed, checked with the body's own rules. */
export const fuelPurchaseForm = v.object({
  amount: v.pipe(
    v.string(miningMessages.fuelAmount),
    v.trim(),
    v.regex(/^\d{1,7}$/, miningMessages.fuelAmount),
    v.transform(Number),
    fuelPurchaseBody.entries.amount,
  ),
  payWith: v.pipe(v.string(miningMessages.payWith), fuelPurchaseBody.entries.payWith),
})

/** data of POST /api/inventory/purchase/fuel */
export const fuelPurchase = v.object({
  terycarbons: v.number(),
  paid: v.object({ amount: v.number(), currency: v.picklist(FUEL_PAYMENT_CURRENCIES) }),
  balances,
})
export type FuelPurchase = v.InferOutput<typeof fuelPurchase>

/** One credit to the player, as the payouts list shows it. */
export const payoutSummary = v.object({
  /** The ledger transfer's id. */
  id: v.string(),
  kind: v.string(),
  currency: v.picklist(['terycarbons', 'gems', 'voltaCharge', 'terydollars']),
  amount: v.number(),
  createdAt: isoInstant,
})
export type PayoutSummary = v.InferOutput<typeof payoutSummary>

/** A flat record of ids and numbers, as the ledger keeps it (ledger_transfers.cause). */
export const payoutCause = v.record(
  v.string(),
  v.union([v.string(), v.number(), v.boolean(), v.null()]),
)

/** data of GET /api/node/payouts/{id}: the credit and what produced it, read from the ledger. */
export const payoutDetail = v.object({ ...payoutSummary.entries, cause: payoutCause })
export type PayoutDetail = v.InferOutput<typeof payoutDetail>

/** GET /api/node/payouts/{id} */
export const payoutParams = v.object({
  id: v.pipe(
    v.string(miningMessages.payoutId),
    v.trim(),
    v.regex(/^[1-9]\d{0,15}$/, miningMessages.payoutId),
  ),
})

/** Per-station parts of a payout: `s1` (Mina) to `s9` (Banco), whole units. */
export type StationParts = Record<`s${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, number>

/** Per-generation amounts: `g1` (direct referrals) to `g8`. */
export type GenerationParts = Record<`g${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`, number>

/** cause of a `mine.collect` credit. */
export type MineCollectCause = StationParts & {
  mode: MiningMode
  /** ISO instants of the production window: the last collect and this one. */
  from: string
  to: string
  /** Production before the backpack's cap, to the thousandth. */
  produced: number
  capacity: number
  /** Whole units per day the full mine produces in this mode. */
  perDay: number
  /** Why it was collected: the player, or a mode switch that emptied the backpack first. */
  trigger: 'collect' | 'modeChange'
}

/** cause of a `team.bonus` credit: one closed Bogota day. */
export type TeamBonusCause = StationParts &
  GenerationParts & {
    /** The Bogota day, YYYY-MM-DD. */
    day: string
    rankIndex: number
    rankPercent: number
    /** Gems the team earned that day (the sum of g1 to g8). */
    teamEarned: number
    /** rankPercent of teamEarned, to the thousandth: what all nine stations on all day earn. */
    pool: number
  } & Record<`h${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, number>

/** cause of a `rank.reward` credit. */
export type RankRewardCause = {
  rankIndex: number
  rankName: string
  /** The team and the direct referrals the requirement counted: those who played (issue 29). */
  team: number
  direct: number
}
