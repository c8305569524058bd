import * as v from 'valibot'
import { batteryRules, terycarbonBatteryRules } from './battery'
import { gemTransferRules, marketRules } from './market'
import { PAYMENT_METHODS } from './payments'
import { terydollarRules } from './terydollar'
import { tradingRules } from './trading'
import { CURRENCIES } from './currencies'
import { currencyAmount } from './fields'
import { shopProduct } from './shop'
import { couponRules } from './coupons'
import { signupLimits } from './auth'

export const socialLinkIds = [
  'videoChannel',
  'telegram',
  'facebook',
  'instagram',
  'messenger',
  'whatsappGroup',
] as const

/** One entry of the NUESTRAS REDES modal. */
export const socialLink = v.object({
  id: v.picklist(socialLinkIds),
  label: v.string(),
  url: v.string(),
})
export type SocialLink = v.InferOutput<typeof socialLink>

/** What a player needs to reach a rank: team members over the 8 generations, direct referrals. */
export const rankRequirement = v.object({ team: v.number(), direct: v.number() })

/** data of GET /api/config: the game's rules and the links the layout needs. */
export const gameConfig = v.object({
  links: v.object({
    social: v.array(socialLink),
    /** The external finance site behind FINANZAS. */
    finance: v.string(),
    /** The support chat opened by the floating assistant button. */
    chat: v.string(),
  }),
  rules: v.object({
    ranks: v.array(
      v.object({
        index: v.number(),
        name: v.string(),
        percent: v.number(),
        requirement: rankRequirement,
        /** Gems claimable once on reaching the rank. */
        gems: v.number(),
      }),
    ),
    stations: v.array(
      v.object({ number: v.number(), name: v.string(), share: v.number(), fuelCost: v.number() }),
    ),
    /** The mine's numbers (docs/economy.md, "Mining and team"). */
    mining: v.object({
      stationRunHours: v.number(),
      /** Whole units a day the full mine (nine stations on) produces, per mode. */
      productionPerDay: v.object({ terycarbons: v.number(), gems: v.number() }),
      backpackCapacity: v.object({ terycarbons: v.number(), gems: v.number() }),
      /** Terycarbons that unlock the gems mode, once. */
      gemsModePrice: v.number(),
      /** Terycarbons one terydollar or one gem buys. */
      terycarbonsPer: v.object({ terydollars: v.number(), gems: v.number() }),
      purchase: v.object({ min: v.number(), max: v.number(), step: v.number() }),
      /** Closed Bogota days whose team bonus can still be collected. */
      bonusDays: v.number(),
    }),
    currencies: v.array(v.picklist(CURRENCIES)),
    maxSocialAccounts: v.number(),
    teamGenerations: v.number(),
    /** Reward shown on /home for each player who joins with your code, in gems. */
    referralRewardGems: v.number(),
    /** Accounts that can be created from one address, and from one device, in 24 hours. */
    signup: signupLimits,
    /** Missions, videos, playlists and volta charge (docs/economy.md, "Earning"). */
    earning: v.object({
      /** Missions a player may take per Bogota day, by rank index. */
      dailyMissions: v.array(v.number()),
      missionPageSize: v.number(),
      notificationPageSize: v.number(),
      missionCheckSeconds: v.number(),
      referralSharePercent: v.number(),
      maxPlayersPerDevice: v.number(),
      videoEarlyFinishLockMinutes: v.number(),
      accountRecheckSeconds: v.number(),
    }),
    paymentMethods: v.array(v.picklist(PAYMENT_METHODS)),
    terydollars: terydollarRules,
    batteries: batteryRules,
    terycarbonBattery: terycarbonBatteryRules,
    trading: tradingRules,
    market: marketRules,
    gemTransfers: gemTransferRules,
    /** The weekly lottery (SORTEO): what an entry costs, what the winner gets, when it draws. */
    lottery: v.object({
      entryPrice: currencyAmount,
      prize: currencyAmount,
      entriesPerPlayer: v.number(),
      /** Entries close and the draw runs each week on this Bogota weekday (Monday 0) and time. */
      drawWeekday: v.number(),
      drawHour: v.number(),
      pageSize: v.number(),
    }),
    /** The music section: what each accepted play pays, the daily cap and the audit's limits. */
    music: v.object({
      rewardPerPlay: currencyAmount,
      dailyCap: v.number(),
      minTrackSeconds: v.number(),
      maxPlaysPerTrackPerDay: v.number(),
      maxPlaysPerHour: v.number(),
      maxStrikes: v.number(),
    }),
    /** Daily training: what finishing a lesson pays (one lesson per day). */
    training: v.object({ prize: currencyAmount }),
    /** Express coupons: price, reward, duration and the missions they activate. */
    coupon: couponRules,
    shop: v.object({ products: v.array(shopProduct) }),
  }),
})
export type GameConfig = v.InferOutput<typeof gameConfig>

/** data of GET /api/chat: the support chat the floating assistant button opens. */
export const chatLink = v.object({ link: v.string() })
export type ChatLink = v.InferOutput<typeof chatLink>
