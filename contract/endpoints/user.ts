import { session } from '../auth'
import { batteryOperationResult, terycarbonBatteryBody } from '../battery'
import { economyMessages } from '../economy-messages'
import { gemHistoryPage, gemHistoryQuery, searchQuery } from '../market'
import { apiMessages } from '../messages'
import {
  activateStationBody,
  mineState,
  miningMessages,
  miningModeBody,
  miningModeChange,
} from '../mining'
import { missionMessages, notificationCount, viewNotificationBody } from '../missions'
import { gainRewardBody, gainRewardQuery, rankReward, rankRewardClaim } from '../progress'
import {
  founders,
  levelParams,
  memberDetail,
  memberParams,
  referralsPage,
  teamListQuery,
  teamMembersPage,
  teamOverview,
} from '../team'
import {
  enableCodeBody,
  phoneBody,
  playerRef,
  profile,
  shareEmailBody,
  termsAgreeBody,
} from '../user'
import { defineEndpoint } from '../endpoint'

const listDescription =
  '`search` matches the name or the code (any case), `penalty=true` keeps members under a penalty and `false` the others; pages of 10, oldest members first.'

export const agreeTerms = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/termsAgree',
  summary: 'Records that the player accepts the terms and conditions.',
  auth: 'session',
  body: termsAgreeBody,
  response: session,
  message: apiMessages.termsAgreed,
})

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/user/profile',
  summary: "The player's profile: rank, balances, referrals, standing and game stats.",
  description:
    '`referrals.team` counts the whole tree below the player over the team generations. `penalized` is true while a weekly penalty is open (see POST /api/user/enableCode); `stats` sums what the mine, the team bonus and the ranks paid, from the ledger.',
  auth: 'session',
  response: profile,
})

export const setShareEmail = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/share/email',
  summary: 'Saves whether the player shares their email with their team.',
  auth: 'session',
  body: shareEmailBody,
  response: profile,
  message: apiMessages.preferenceSaved,
})

export const viewNotification = defineEndpoint({
  method: 'POST',
  path: '/api/user/view/notification',
  summary: 'Marks one of the player’s notifications as seen; answers how many are left.',
  auth: 'session',
  body: viewNotificationBody,
  response: notificationCount,
  message: missionMessages.notificationsViewed,
  errors: [
    {
      status: 404,
      message: missionMessages.notificationNotFound,
      when: "No notification of the player's has this id.",
    },
  ],
})

export const payTerycarbonBattery = defineEndpoint({
  method: 'POST',
  path: '/api/user/terycarbonBattery',
  summary: 'Pays the terycarbon battery with terycarbons, in one go or in parts.',
  description:
    'A part is at least `rules.terycarbonBattery.minPartial` terycarbons, except the last, which pays exactly what is left. Once paid in full the battery is active: every battery of the player produces `rules.terycarbonBattery.boostPercent`% more gems from that moment.',
  auth: 'session',
  body: terycarbonBatteryBody,
  response: batteryOperationResult,
  message: economyMessages.terycarbonBatteryPaid,
  errors: [
    {
      status: 400,
      message: apiMessages.notEnoughTerycarbons,
      when: 'The player has fewer terycarbons than the payment.',
    },
    {
      status: 400,
      message: economyMessages.terycarbonBatteryOverpaid,
      when: 'The payment is more than what is left to pay.',
    },
    {
      status: 400,
      message: economyMessages.terycarbonBatteryMinimum,
      when: 'The payment is below the minimum part and is not what is left.',
    },
    {
      status: 409,
      message: economyMessages.terycarbonBatteryComplete,
      when: 'The battery is paid in full already.',
    },
  ],
  money: [{ currency: 'terycarbons', direction: 'out' }],
})

export const searchPlayer = defineEndpoint({
  method: 'GET',
  path: '/api/user/search',
  summary: 'The player an invite code belongs to, before sending them gems.',
  auth: 'session',
  query: searchQuery,
  response: playerRef,
  errors: [
    {
      status: 404,
      message: economyMessages.unknownPlayerCode,
      when: 'No player has this code.',
    },
    {
      status: 400,
      message: economyMessages.selfTransfer,
      when: 'The code is the player’s own.',
    },
  ],
})

export const getGemHistory = defineEndpoint({
  method: 'GET',
  path: '/api/user/gem/history',
  summary: "The player's gem transfers, sent and received, newest first.",
  auth: 'session',
  query: gemHistoryQuery,
  response: gemHistoryPage,
})

export const activateStation = defineEndpoint({
  method: 'POST',
  path: '/api/user/node/activate',
  summary: 'Fuels a station of the mine and turns it on.',
  description:
    'Pays the station’s fuel (its share × 5 terycarbons) and turns it on for 24 hours; while on it adds its share to the mine’s production and to the team bonus (docs/economy.md). Answers the mine.',
  auth: 'session',
  body: activateStationBody,
  response: mineState,
  message: miningMessages.stationActivated,
  errors: [
    {
      status: 409,
      message: miningMessages.stationAlreadyOn,
      when: 'The station is on already (nothing is paid).',
    },
    {
      status: 409,
      message: apiMessages.notEnoughTerycarbons,
      when: 'The player has fewer terycarbons than the fuel costs.',
    },
  ],
  money: [{ currency: 'terycarbons', direction: 'out' }],
})

export const changeMiningMode = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/miningMode',
  summary: 'Switches what the mine produces: terycarbons or gems.',
  description:
    'The gems mode is locked until the player pays 1 000 terycarbons once: send `unlock: true` to agree to the price. Before a switch the backpack is collected in the mode it was mined in (`collected`).',
  auth: 'session',
  body: miningModeBody,
  response: miningModeChange,
  message: miningMessages.miningModeSaved,
  errors: [
    {
      status: 409,
      message: miningMessages.miningModeLocked,
      when: 'The mode is locked and the body does not say `unlock: true`.',
    },
    {
      status: 409,
      message: apiMessages.notEnoughTerycarbons,
      when: 'Unlocking: the player has fewer terycarbons than the price.',
    },
  ],
  money: [
    { currency: 'terycarbons', direction: 'out' },
    { currency: 'terycarbons', direction: 'in' },
    { currency: 'gems', direction: 'in' },
  ],
})

export const getTeam = defineEndpoint({
  method: 'GET',
  path: '/api/user/team',
  summary: "The player's rank, stations and the eight generation counts of their team.",
  description:
    '`generations[0]` counts the direct referrals, `generations[7]` the eighth generation, read from the stored sizes (decision 023).',
  auth: 'session',
  response: teamOverview,
})

export const getTeamLevel = defineEndpoint({
  method: 'GET',
  path: '/api/user/team/:level/level',
  summary: 'The members of one generation of the team (1 to 8), searched, filtered, paged.',
  description: listDescription,
  auth: 'session',
  params: levelParams,
  query: teamListQuery,
  response: teamMembersPage,
})

export const getReferrals = defineEndpoint({
  method: 'GET',
  path: '/api/user/referral',
  summary: "The player's direct referrals, their teams and the referral reward each brings.",
  description: `${listDescription} \`reward.paidAt\` is null while the referral reward (\`reward.gems\`) waits for the referral to earn their first reward by playing (a verified social mission claimed or a video finished), then the instant the ledger paid it, once.`,
  auth: 'session',
  query: teamListQuery,
  response: referralsPage,
})

export const getMemberDetail = defineEndpoint({
  method: 'GET',
  path: '/api/user/team/:id/details',
  summary: 'One member of the team: level, sponsor, team, penalties, this week’s gems.',
  auth: 'session',
  params: memberParams,
  response: memberDetail,
  errors: [
    {
      status: 404,
      message: miningMessages.notInTeam,
      when: 'The player is not in the caller’s 8 generations (or is the caller).',
    },
  ],
})

export const getFounders = defineEndpoint({
  method: 'GET',
  path: '/api/user/founder',
  summary: "Tery's founders: the first 100 players to join, in order.",
  auth: 'session',
  response: founders,
})

export const getRankReward = defineEndpoint({
  method: 'GET',
  path: '/api/user/gainReward',
  summary: 'Whether the gems of a rank can be claimed.',
  description: '`gainRewardTarget` is the rank index, 0 to 11.',
  auth: 'session',
  query: gainRewardQuery,
  response: rankReward,
})

export const claimRankReward = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/gainReward',
  summary: 'Claims the gems of a reached rank, once per rank.',
  description:
    'A rank is reached when the team meets its thresholds (docs/economy.md). Claiming a rank higher than the one held promotes the player to it. Of many simultaneous claims of one rank, one pays.',
  auth: 'session',
  body: gainRewardBody,
  response: rankRewardClaim,
  message: miningMessages.rankRewardClaimed,
  errors: [
    {
      status: 409,
      message: miningMessages.rankNotReached,
      when: 'The team does not meet the rank’s thresholds yet.',
    },
    {
      status: 409,
      message: miningMessages.rankNeedsPlay,
      when: 'The player never earned a reward by playing (a verified mission claimed, a video finished): a signup that never played claims no rank gems.',
    },
    {
      status: 409,
      message: miningMessages.rankRewardTaken,
      when: 'The rank’s gems were claimed already.',
    },
  ],
  money: [{ currency: 'gems', direction: 'in' }],
})

export const savePhone = defineEndpoint({
  method: 'POST',
  path: '/api/user/phone',
  summary: "Saves the player's mobile number.",
  auth: 'session',
  body: phoneBody,
  response: profile,
  message: miningMessages.phoneSaved,
})

export const enableCode = defineEndpoint({
  method: 'POST',
  path: '/api/user/enableCode',
  summary: 'Reactivates a penalized account with the referral code of its sponsor.',
  description:
    'The code is the invite code of whoever invited the player (their own code if nobody did), compared in upper case. It clears every open penalty.',
  auth: 'session',
  body: enableCodeBody,
  response: profile,
  message: miningMessages.accountReactivated,
  errors: [
    {
      status: 400,
      message: miningMessages.wrongReactivationCode,
      field: 'code',
      when: 'The code is not the sponsor’s.',
    },
    {
      status: 409,
      message: miningMessages.notPenalized,
      when: 'The player has no open penalty.',
    },
  ],
})
