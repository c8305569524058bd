import { Hono } from 'hono'
import * as live from '../../../contract/endpoints/live'
import { endpoint } from '../../http/endpoint'
import type { LiveStreams } from '../../http/live-streams'
import type { AppEnv } from '../../http/request-context'

export function liveRoutes(streams: LiveStreams) {
  return new Hono<AppEnv>().get(...endpoint(live.stream), (c) =>
    streams.open(c, c.var.user.id, c.var.sessionToken),
  )
}
