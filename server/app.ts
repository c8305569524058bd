import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Db } from './db/client'
import type { SignupLimits } from '../contract/auth'
import { apiMessages } from '../contract/messages'
import { SIGNUP_LIMITS } from './services/rules'
import { compressJson } from './http/compression'
import { fail } from './http/envelope'
import { DomainError } from './services/errors'
import { listEndpoints } from './http/endpoint'
import { buildOpenApiDocument, type OpenApiDocument } from './http/openapi'
import type { AppEnv } from './http/request-context'
import { limitBody, requestGuard, securityHeaders } from './http/security'
import { loadSession } from './http/session-cookie'
import { serveSpa } from './http/static-files'
import { authRoutes } from './routes/auth/auth.routes'
import { batteryRoutes } from './routes/battery/battery.routes'
import { chatRoutes } from './routes/chat/chat.routes'
import { couponRoutes } from './routes/coupon/coupon.routes'
import { configRoutes } from './routes/config/config.routes'
import { inventoryRoutes } from './routes/inventory/inventory.routes'
import { marketRoutes } from './routes/market/market.routes'
import { openApiRoutes } from './routes/openapi/openapi.routes'
import { lotteryRoutes } from './routes/lottery/lottery.routes'
import { rankRoutes } from './routes/rank/rank.routes'
import { terydollarRoutes } from './routes/terydollar/terydollar.routes'
import { tradingRoutes } from './routes/trading/trading.routes'
import { userRoutes } from './routes/user/user.routes'
import { missionRoutes } from './routes/mission/mission.routes'
import { notificationRoutes } from './routes/mission/notification.routes'
import { videoRoutes } from './routes/mission/video.routes'
import { localSocialProvider, type SocialProvider } from './services/social-provider'
import { walletRoutes } from './routes/wallet/wallet.routes'
import { databaseFileStore, type FileStore } from './services/file-store'
import { userMineRoutes } from './routes/user/mine.routes'
import { userTeamRoutes } from './routes/user/team.routes'
import { nodeRoutes } from './routes/node/node.routes'
import { adlotRoutes } from './routes/adlot/adlot.routes'
import { fuelRoutes } from './routes/inventory/fuel.routes'
import { messagesRoutes } from './routes/messages/messages.routes'
import { leaderboardRoutes } from './routes/leaderboard/leaderboard.routes'
import { spotifyRoutes } from './routes/spotify/spotify.routes'
import { trainingRoutes } from './routes/training/training.routes'
import { localMusicProvider } from './services/music/local-provider'
import type { MusicProvider } from './services/music/provider'
import { createLiveStreams, notListening, type LiveStreams } from './http/live-streams'
import { liveRoutes } from './routes/live/live.routes'

export type AppOptions = {
  db: Db
  /** Origins allowed to make state-changing calls (APP_ORIGIN). */
  allowedOrigins: readonly string[]
  /** Reverse proxies in front whose X-Forwarded-Proto/-For are trusted (TRUST_PROXY), 0 none. */
  trustProxy?: number
  /** Folder of the built SPA to serve next to the API; omitted in dev and in API tests. */
  distDir?: string
  /**
   * More route groups, declared with full paths like every group: tests mount a test-only group
   * here so it runs behind the real middleware and is documented like every other route.
   */
  extraRoutes?: readonly Hono<AppEnv>[]
  /** The clock services read (`new Date()` by default; tests pass their own). */
  now?: () => Date
  /** Confirms social missions; the offline local provider by default. */
  socialProvider?: SocialProvider
  /** With SEED=demo, new social accounts verify themselves after this long; null (default): never. */
  accountAutoVerifyMs?: number | null
  /**
   * Signups allowed per address and per device in a day: SIGNUP_LIMITS, the rules GET /api/config
   * serves, by default; null for none, for test servers that sign up hundreds of players from one
   * address (the limits' own tests pass SIGNUP_LIMITS).
   */
  signupLimits?: SignupLimits | null
  /**
   * Where uploaded files go: the server keeps them under DATA_DIR with PGlite; by default (and
   * with PostgreSQL) in the database.
   */
  files?: FileStore
  /** The music provider behind /api/spotify: the local, simulated one unless given. */
  musicProvider?: MusicProvider
  /**
   * The live streams of GET /api/live, listening on the database (server/index.ts starts them);
   * without them the endpoint answers 503, as a server that is not listening must.
   */
  live?: LiveStreams
}

/** The whole HTTP application: used by server/index.ts and, through app.request(), by tests. */
export function createApp({
  db,
  allowedOrigins,
  trustProxy = 0,
  distDir,
  extraRoutes = [],
  now = () => new Date(),
  socialProvider = localSocialProvider,
  accountAutoVerifyMs = null,
  signupLimits = SIGNUP_LIMITS,
  files = databaseFileStore(db),
  musicProvider = localMusicProvider(db),
  live = createLiveStreams({ db, listen: notListening }),
}: AppOptions) {
  const deps = { db, trustProxy, now, socialProvider, accountAutoVerifyMs, files, signupLimits }
  /** The OpenAPI document, built at its first request (see the end of this function). */
  let document: OpenApiDocument | undefined
  // Every group routes the full paths its endpoints declare (contract/endpoints/), so each is
  // mounted at '/'.
  const api = new Hono<AppEnv>()
    .use('/api/*', loadSession(db, trustProxy, now))
    .route('/', authRoutes(deps))
    .route('/', liveRoutes(live))
    .route('/', userRoutes(deps))
    .route('/', userMineRoutes(deps))
    .route('/', userTeamRoutes(deps))
    .route('/', nodeRoutes(deps))
    .route('/', adlotRoutes(deps))
    .route('/', fuelRoutes(deps))
    .route('/', messagesRoutes(deps))
    .route('/', leaderboardRoutes(deps))
    .route('/', configRoutes())
    .route('/', rankRoutes())
    .route('/', chatRoutes())
    .route('/', couponRoutes(deps))
    .route('/', missionRoutes(deps))
    .route('/', videoRoutes(deps))
    .route('/', notificationRoutes(deps))
    .route('/', batteryRoutes(deps))
    .route('/', terydollarRoutes(deps))
    .route('/', tradingRoutes(deps))
    .route('/', marketRoutes(deps))
    .route('/', walletRoutes(deps))
    .route('/', inventoryRoutes(deps))
    .route('/', lotteryRoutes(deps))
    .route('/', trainingRoutes(deps))
    .route('/', spotifyRoutes({ ...deps, provider: musicProvider }))
    .route(
      '/',
      openApiRoutes((): OpenApiDocument => (document ??= buildOpenApiDocument(app.routes))),
    )
  for (const routes of extraRoutes) api.route('/', routes)

  // Not strict: a path answers with and without a trailing slash, as the spec writes some of them
  // (`POST /api/wallet/`); tests/server/spec-paths.test.ts walks the spec's spelling.
  const app = new Hono<AppEnv>({ strict: false })
    .use(securityHeaders(trustProxy))
    .use('/api/*', compressJson)
    .use(requestGuard(allowedOrigins))
    .use(limitBody)
    .route('/', api)

  if (distDir !== undefined) app.use(serveSpa(distDir))

  app.notFound((c) => fail(c, 404, apiMessages.notFound))
  app.onError((error, c) => {
    if (error instanceof DomainError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      return fail(c, error.status, error.message, error.data)
    }
    if (error instanceof HTTPException && error.status === 400) {
      // Hono's JSON body parser rejects a body that is not valid JSON.
      return fail(c, 400, apiMessages.malformedJson)
    }
    if (c.req.raw.signal.aborted) {
      // The client hung up before its request was read (a tab closed mid-upload): nobody waits
      // for an answer and nothing is wrong with the server. One line without a stack, since
      // anyone can cause it at will and an error's stack would let them fill the log.
      console.info(`Solicitud abandonada por el cliente: ${c.req.method} ${c.req.path}`)
      return fail(c, 400, apiMessages.invalidBody)
    }
    console.error(error)
    return fail(c, 500, apiMessages.internal)
  })
  // A route without endpoint() stops the app here. The document itself is built at its first
  // request, from the finished route table: converting every schema took 0.2 s of each start,
  // for a page few ask for (tests/server/openapi.test.ts builds it whole).
  listEndpoints(app.routes)
  return app
}

export type App = ReturnType<typeof createApp>
