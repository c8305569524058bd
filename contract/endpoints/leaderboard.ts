import { leaderboard, leaderboardQuery } from '../team'
import { defineEndpoint } from '../endpoint'

export const getLeaderboard = defineEndpoint({
  method: 'GET',
  path: '/api/leaderboard',
  summary: 'Players ranked by the gems the game paid them this Bogota week.',
  description:
    'Gems of missions, videos, playlists, volta charge, mines, team bonuses, rank gems and referrals since Monday 00:00 in Bogota; ties go to who joined first. Pages of 10; `you` is the caller’s position (null before they earn this week).',
  auth: 'session',
  query: leaderboardQuery,
  response: leaderboard,
})
