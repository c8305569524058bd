import * as v from 'valibot'
import {
  SOCIAL_NETWORKS,
  addMissionBody,
  addedMission,
  availableQuery,
  checkAccessQuery,
  claimedMission,
  claimedReward,
  dailyMissions,
  emptyBody,
  finishVideoBody,
  finishedVideo,
  missionAccess,
  missionCheck,
  missionIdBody,
  missionIdParams,
  missionMessages,
  missionPage,
  needsVerifiedAccount,
  notificationCount,
  notificationPage,
  pageQuery,
  pendingReward,
  playVideoBody,
  playlistPage,
  registerAccountBody,
  socialAccount,
  videoAmount,
  videoCheck,
  videoIdParams,
  videoMissionIdParams,
  videoPage,
  videoView,
  viewIdParams,
} from '../missions'
import { defineEndpoint, type EndpointError } from '../endpoint'

const missionNotFound: EndpointError = {
  status: 404,
  message: missionMessages.missionNotFound,
  when: 'No active mission of that kind with this id is offered to the player.',
}

/** The refusals of a mission of a network where the player has no verified account. */
const needsAccount: EndpointError[] = SOCIAL_NETWORKS.map((network) => ({
  status: 403,
  message: needsVerifiedAccount(network.type),
  when: `The player has no verified ${network.name} account.`,
}))

const viewNotFound: EndpointError = {
  status: 404,
  message: missionMessages.videoViewNotFound,
  when: "No view of the player's has this id (another player's views included).",
}

const finishedAlready: EndpointError = {
  status: 409,
  message: missionMessages.videoFinishedAlready,
  when: 'The player finished this video already.',
}

const videoDisabled: EndpointError = {
  status: 409,
  message: missionMessages.videoDisabled,
  when: 'The video is disabled for the player (`data.secondsUntilEnabled`).',
}

export const getDailyMissions = defineEndpoint({
  method: 'GET',
  path: '/api/mission/maxMissionsPerDay',
  summary: "The player's daily mission cap (by rank) and what is left of it today.",
  description: 'Days are America/Bogota days: the count starts again at midnight there.',
  auth: 'session',
  response: dailyMissions,
  policy: 'missionSummary',
})

export const getAccount = defineEndpoint({
  method: 'GET',
  path: '/api/mission/account',
  summary: "The player's social accounts: pending (2), verified (3) or rejected (4).",
  auth: 'session',
  response: v.array(socialAccount),
})

export const registerAccount = defineEndpoint({
  method: 'POST',
  path: '/api/mission/account',
  summary: "Registers the player's account on a social network, pending until verified.",
  description:
    'The account is a handle (`@usuario`) or a profile address, checked against the ' +
    "network's formats and stored normalized. One per network per player; a rejected one " +
    'is replaced. An operator verifies it (`npm run admin -- verify-account <id>`).',
  auth: 'session',
  body: registerAccountBody,
  response: socialAccount,
  status: 201,
  message: missionMessages.accountRegistered,
  errors: [
    ...SOCIAL_NETWORKS.map((network) => ({
      status: 400 as const,
      message: network.message,
      field: 'account',
      when: `The text is neither a ${network.name} handle nor a profile address.`,
    })),
    {
      status: 409,
      message: missionMessages.accountExists,
      when: 'The player has a pending or verified account on this network.',
    },
    {
      status: 409,
      message: missionMessages.accountTaken,
      field: 'account',
      when: 'Another player registered this account.',
    },
  ],
})

export const getAvailableMissions = defineEndpoint({
  method: 'GET',
  path: '/api/mission/available',
  summary: "A page of a network's social missions, with the player's state on each.",
  description: 'Claimed missions leave the list at the end of the Bogota day.',
  auth: 'session',
  query: availableQuery,
  response: missionPage,
})

export const getCurrentMissions = defineEndpoint({
  method: 'GET',
  path: '/api/mission/current',
  summary: 'A page of the social missions the player took and has not claimed yet.',
  auth: 'session',
  query: pageQuery,
  response: missionPage,
})

export const checkAccess = defineEndpoint({
  method: 'GET',
  path: '/api/mission/checkAccess',
  summary: 'Whether the player may take missions and play videos from this device.',
  description:
    'The first players who take a mission or play a video from a device may use it ' +
    '(`maxPlayersPerDevice`); later ones get `allowed: false` and the message, and add and play ' +
    'refuse them with 403. Read only: asking records nothing.',
  auth: 'session',
  query: checkAccessQuery,
  response: missionAccess,
})

export const addMission = defineEndpoint({
  method: 'POST',
  path: '/api/mission/add',
  summary: 'Takes a social mission: it counts toward today’s cap.',
  auth: 'session',
  body: addMissionBody,
  response: addedMission,
  status: 201,
  message: missionMessages.missionAdded,
  errors: [
    missionNotFound,
    {
      status: 403,
      message: missionMessages.deviceDenied,
      when: 'checkAccess denies the device.',
    },
    ...needsAccount,
    {
      status: 409,
      message: missionMessages.missionAlreadyAdded,
      when: 'The player took it before.',
    },
    {
      status: 429,
      message: missionMessages.dailyCapReached,
      when: "The player took their rank's missions for today (Retry-After: seconds to the next Bogota day).",
    },
  ],
})

export const checkMission = defineEndpoint({
  method: 'GET',
  path: '/api/mission/:id/check',
  summary: 'Asks the network whether the player did what the mission asks.',
  description:
    'Yes: the mission becomes `claimable`. Not yet: it stays `added`, with a message and ' +
    '`retryInSeconds`. Offline, the local provider says yes once `missionCheckSeconds` ' +
    'passed since the player took the mission (docs/economy.md).',
  auth: 'session',
  params: missionIdParams,
  response: missionCheck,
  errors: [
    missionNotFound,
    ...needsAccount,
    {
      status: 409,
      message: missionMessages.missionNotAdded,
      when: 'The player has not taken it.',
    },
  ],
})

export const claimMission = defineEndpoint({
  method: 'POST',
  path: '/api/mission/claim',
  summary: 'Claims a social mission the network confirmed.',
  description:
    'Pays the reward in gems from the supply in the claim’s transaction, once; the ' +
    "player's parent gets `referralSharePercent` of it in their referral earnings.",
  auth: 'session',
  body: missionIdBody,
  response: claimedMission,
  message: missionMessages.missionClaimed,
  errors: [
    missionNotFound,
    {
      status: 409,
      message: missionMessages.missionNotAdded,
      when: 'The player has not taken it.',
    },
    {
      status: 409,
      message: missionMessages.missionNotClaimable,
      when: 'The network has not confirmed the action yet (check it first).',
    },
    {
      status: 409,
      message: missionMessages.missionAlreadyClaimed,
      when: 'It was claimed already.',
    },
  ],
  money: [{ currency: 'gems', direction: 'in' }],
})

export const getReferralEarnings = defineEndpoint({
  method: 'GET',
  path: '/api/mission/claimReferred',
  summary: "The player's referral earnings waiting to be claimed, in gems.",
  auth: 'session',
  response: pendingReward,
})

export const claimReferralEarnings = defineEndpoint({
  method: 'POST',
  path: '/api/mission/claimReferred',
  summary: "Claims the player's share of their referrals' mission rewards.",
  auth: 'session',
  body: emptyBody,
  response: claimedReward,
  message: missionMessages.referralClaimed,
  errors: [{ status: 409, message: missionMessages.nothingToClaim, when: 'Nothing is waiting.' }],
  money: [{ currency: 'gems', direction: 'in' }],
})

export const countNewNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/mission/newNotifications',
  summary: 'How many notifications the player has not seen.',
  auth: 'session',
  response: notificationCount,
  policy: 'missionSummary',
})

export const getNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/mission/notifications',
  summary: "A page of the player's notifications, newest first.",
  auth: 'session',
  query: pageQuery,
  response: notificationPage,
})

export const markAllNotificationsViewed = defineEndpoint({
  method: 'PATCH',
  path: '/api/mission/notification/view',
  summary: "Marks all the player's notifications as seen.",
  auth: 'session',
  body: emptyBody,
  response: notificationCount,
  message: missionMessages.notificationsViewed,
})

export const getVideoAmount = defineEndpoint({
  method: 'GET',
  path: '/api/mission/video/amount',
  summary: 'How many videos and playlists the player can still do.',
  auth: 'session',
  response: videoAmount,
  policy: 'missionSummary',
})

export const getVideos = defineEndpoint({
  method: 'GET',
  path: '/api/mission/video/available',
  summary: 'A page of the videos outside playlists, with where the player is on each.',
  auth: 'session',
  query: pageQuery,
  response: videoPage,
})

export const getPlaylists = defineEndpoint({
  method: 'GET',
  path: '/api/mission/playlist/available',
  summary: 'A page of playlists: their videos, reward, volta and the player’s progress.',
  auth: 'session',
  query: pageQuery,
  response: playlistPage,
})

export const checkVideo = defineEndpoint({
  method: 'GET',
  path: '/api/mission/video/:id/check',
  summary: 'Whether the player may play a video, and their open view of it.',
  description:
    '`video.status`: available, playing, claimable (watched long enough), finished, or ' +
    'disabled until `secondsUntilEnabled`. An open view comes with its key to claim.',
  auth: 'session',
  params: videoIdParams,
  response: videoCheck,
  errors: [{ status: 404, message: missionMessages.videoNotFound, when: 'No such video.' }],
})

export const playVideo = defineEndpoint({
  method: 'POST',
  path: '/api/mission/video/:missionId/play',
  summary: 'Starts (or starts again) the player’s view of a video, from this device.',
  description:
    'The view’s start is the server’s time; the answer carries the key finish must send ' +
    'and the seconds to watch.',
  auth: 'session',
  params: videoMissionIdParams,
  body: playVideoBody,
  response: videoView,
  status: 201,
  message: missionMessages.videoStarted,
  errors: [
    { status: 404, message: missionMessages.videoNotFound, when: 'No such video.' },
    {
      status: 403,
      message: missionMessages.deviceDenied,
      when: 'checkAccess denies the device.',
    },
    finishedAlready,
    videoDisabled,
  ],
})

export const restartVideo = defineEndpoint({
  method: 'POST',
  path: '/api/mission/video/:viewId/restart',
  summary: 'Starts the view again from now, with a new key.',
  auth: 'session',
  params: viewIdParams,
  body: emptyBody,
  response: videoView,
  message: missionMessages.videoRestarted,
  errors: [viewNotFound, finishedAlready, videoDisabled],
})

export const finishVideo = defineEndpoint({
  method: 'POST',
  path: '/api/mission/video/:viewId/finish',
  summary: 'Finishes a watched video and pays its terycarbons.',
  description:
    'Refused before the video’s duration has passed since the start on the server’s ' +
    'clock (the video is then disabled for the player for `videoEarlyFinishLockMinutes`), ' +
    'with a key that is not the latest, a second time, or from another player. A ' +
    'playlist video also adds the playlist’s volta to the player’s charge, and the finish ' +
    'that completes a playlist pays its gems.',
  auth: 'session',
  params: viewIdParams,
  body: finishVideoBody,
  response: finishedVideo,
  message: missionMessages.videoFinished,
  errors: [
    viewNotFound,
    {
      status: 403,
      message: missionMessages.videoWrongKey,
      when: 'The key is not the latest.',
    },
    {
      status: 409,
      message: missionMessages.videoTooEarly,
      when: 'The duration has not passed since the start (`data.secondsUntilEnabled`).',
    },
    finishedAlready,
    videoDisabled,
  ],
  money: [
    { currency: 'terycarbons', direction: 'in' },
    { currency: 'gems', direction: 'in' },
  ],
})

export const getVoltaCharge = defineEndpoint({
  method: 'GET',
  path: '/api/mission/voltaCharge',
  summary: 'The volta charge the player’s playlist videos built up, not claimed yet.',
  auth: 'session',
  response: pendingReward,
})

export const claimVoltaCharge = defineEndpoint({
  method: 'POST',
  path: '/api/mission/voltaCharge/claim',
  summary: 'Claims the accumulated volta charge into the player’s balance.',
  auth: 'session',
  body: emptyBody,
  response: claimedReward,
  message: missionMessages.voltaClaimed,
  errors: [{ status: 409, message: missionMessages.nothingToClaim, when: 'No charge is waiting.' }],
  money: [{ currency: 'voltaCharge', direction: 'in' }],
})
