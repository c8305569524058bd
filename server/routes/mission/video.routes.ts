import { Hono } from 'hono'
import {
  claimedReward,
  emptyBody,
  finishedVideo,
  finishVideoBody,
  pageQuery,
  pendingReward,
  playlistPage,
  playVideoBody,
  videoAmount,
  videoCheck,
  videoIdParams,
  videoMissionIdParams,
  videoPage,
  videoView,
  viewIdParams,
  missionMessages,
} from '../../../contract/missions'
import type { RouteDeps } from '../../http/deps'
import { endpoint, type EndpointError } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { claimPending, getPending } from '../../services/missions'
import { requestedPage } from '../../services/pages'
import {
  checkVideo,
  countAvailable,
  finishVideo,
  listPlaylists,
  listVideos,
  playVideo,
  restartVideo,
} from '../../services/videos'

const viewNotFound: EndpointError = {
  status: 404,
  message: missionMessages.videoViewNotFound,
  when: "No view of the player's has this id (another player's views included).",
}
const videoDisabled: EndpointError = {
  status: 409,
  message: missionMessages.videoDisabled,
  when: 'The video is disabled for the player (`data.secondsUntilEnabled`).',
}
const finishedAlready: EndpointError = {
  status: 409,
  message: missionMessages.videoFinishedAlready,
  when: 'The player finished this video already.',
}

/** Video missions, playlists and the volta charge they build up: /api/mission. */
export function videoRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/video/amount',
      endpoint({
        summary: 'How many videos and playlists the player can still do.',
        auth: 'session',
        response: videoAmount,
      }),
      async (c) => reply(c, await countAvailable(db, c.var.user.id)),
    )
    .get(
      '/video/available',
      endpoint({
        summary: 'A page of the videos outside playlists, with where the player is on each.',
        auth: 'session',
        response: videoPage,
      }),
      validate('query', pageQuery),
      async (c) =>
        reply(c, await listVideos(db, c.var.user.id, requestedPage(c.req.valid('query')), now())),
    )
    .get(
      '/playlist/available',
      endpoint({
        summary: 'A page of playlists: their videos, reward, volta and the player’s progress.',
        auth: 'session',
        response: playlistPage,
      }),
      validate('query', pageQuery),
      async (c) =>
        reply(
          c,
          await listPlaylists(db, c.var.user.id, requestedPage(c.req.valid('query')), now()),
        ),
    )
    .get(
      '/video/:id/check',
      endpoint({
        summary: 'Whether the player may play a video, and their open view of it.',
        description:
          '`video.status`: available, playing, claimable (watched long enough), finished, or ' +
          'disabled until `secondsUntilEnabled`. An open view comes with its key to claim.',
        auth: 'session',
        response: videoCheck,
        errors: [{ status: 404, message: missionMessages.videoNotFound, when: 'No such video.' }],
      }),
      validate('param', videoIdParams),
      async (c) => reply(c, await checkVideo(db, c.var.user.id, c.req.valid('param').id, now())),
    )
    .post(
      '/video/:missionId/play',
      endpoint({
        summary: 'Starts (or starts again) the player’s view of a video, from this device.',
        description:
          'The view’s start is the server’s time; the answer carries the key finish must send ' +
          'and the seconds to watch.',
        auth: 'session',
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
      }),
      validate('param', videoMissionIdParams),
      validate('json', playVideoBody),
      async (c) =>
        reply(
          c,
          await playVideo(
            db,
            c.var.user.id,
            c.req.valid('param').missionId,
            c.req.valid('json').deviceId,
            now(),
          ),
        ),
    )
    .post(
      '/video/:viewId/restart',
      endpoint({
        summary: 'Starts the view again from now, with a new key.',
        auth: 'session',
        response: videoView,
        message: missionMessages.videoRestarted,
        errors: [viewNotFound, finishedAlready, videoDisabled],
      }),
      validate('param', viewIdParams),
      validate('json', emptyBody),
      async (c) =>
        reply(c, await restartVideo(db, c.var.user.id, c.req.valid('param').viewId, now())),
    )
    .post(
      '/video/:viewId/finish',
      endpoint({
        summary: 'Finishes a watched video and pays its terycarbons.',
        description:
          'Refused before the video’s duration has passed since the start on the server’s ' +
          'clock (the video is then disabled for the player for `videoEarlyFinishLockMinutes`), ' +
          'with a key that is not the latest, a second time, or from another player. A ' +
          'playlist video also adds the playlist’s volta to the player’s charge, and the finish ' +
          'that completes a playlist pays its gems.',
        auth: 'session',
        response: finishedVideo,
        message: missionMessages.videoFinished,
        money: [
          { currency: 'terycarbons', direction: 'in' },
          { currency: 'gems', direction: 'in' },
        ],
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
      }),
      validate('param', viewIdParams),
      validate('json', finishVideoBody),
      idempotent(db),
      async (c) =>
        reply(
          c,
          await finishVideo(
            c.var.db,
            c.var.user,
            c.req.valid('param').viewId,
            c.req.valid('json').keyToClaim,
            now(),
          ),
        ),
    )
    .get(
      '/voltaCharge',
      endpoint({
        summary: 'The volta charge the player’s playlist videos built up, not claimed yet.',
        auth: 'session',
        response: pendingReward,
      }),
      async (c) => reply(c, await getPending(db, c.var.user.id, 'volta')),
    )
    .post(
      '/voltaCharge/claim',
      endpoint({
        summary: 'Claims the accumulated volta charge into the player’s balance.',
        auth: 'session',
        response: claimedReward,
        message: missionMessages.voltaClaimed,
        money: [{ currency: 'voltaCharge', direction: 'in' }],
        errors: [
          { status: 409, message: missionMessages.nothingToClaim, when: 'No charge is waiting.' },
        ],
      }),
      validate('json', emptyBody),
      idempotent(db),
      async (c) => reply(c, await claimPending(c.var.db, c.var.user.id, 'volta', now())),
    )
}
