import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import * as v from 'valibot'
import { emailField, mobileField, nameField } from '../contract/fields'
import type { Db } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { openDatabase } from './db/open-database'
import { EnvError, readEnv, type ServerEnv } from './env'
import { socialNetwork, type SocialAccount } from '../contract/missions'
import { eq } from 'drizzle-orm'
import { users } from './db/schema'
import { seedTeam } from './db/seed/team'
import { publishTrainings } from './db/seed/trainings'
import { createPlayer } from './services/auth'
import { listPendingAccounts, reviewAccount } from './services/social-accounts'
import { DomainError } from './services/errors'
import { databaseFileStore, fileStoreFor, type FileStore } from './services/file-store'
import { runJobOnce } from './services/jobs'
import {
  holdPayout,
  listPayoutsToDecide,
  markPayoutSent,
  PayoutError,
  type PayoutRisk,
  rejectPayout,
  releasePayout,
} from './services/market'
import {
  approveOrder,
  findOrder,
  listOpenOrders,
  rejectOrder,
  ReviewError,
} from './services/terydollar-orders'
import { drawLotteryNow } from './services/lottery'
import { LOCAL_TRACKS, recordLocalPlays } from './services/music/local-catalog'
import { hashPassword } from './services/passwords'
import { SCHEDULED_JOBS } from './services/scheduled-jobs'

/**
 * Operator commands: `npm run admin -- <command> [arguments]`. They open the same database as the
 * server (DATABASE_URL, else PGlite in DATA_DIR, which a running server keeps locked) and run the
 * same services, so every rule (the ledger's included) holds. A later command is one more entry in
 * COMMANDS. Output is for the team, in English; what a player could read stays Spanish.
 */

export type CliIo = { out: (line: string) => void; err: (line: string) => void }

type CommandContext = { db: Db; files: FileStore; args: string[]; io: CliIo }

type Command = {
  /** The arguments, as help shows them. */
  args: string
  summary: string
  run: (context: CommandContext) => Promise<void>
}

/** A refusal to show the operator as it is (exit code 1). */
class CommandError extends Error {}

/** A password for a player the operator creates: 96 random bits, 16 characters. */
function generatePassword(): string {
  return randomBytes(12).toString('base64url')
}

const newPlayerArgs = v.object({ email: emailField, name: nameField, phone: mobileField })

/** A social account's id, as `pending-accounts` prints it. */
function accountId(raw: string | undefined): string {
  const parsed = v.safeParse(v.pipe(v.string(), v.uuid()), raw)
  if (!parsed.success) throw new CommandError(`Not an account id: ${raw ?? ''}`)
  return parsed.output
}

function printAccount(io: CliIo, verb: string, account: SocialAccount) {
  const network = socialNetwork(account.type).name
  io.out(
    `${verb} the ${network} account ${account.account} (${account.id}); the player was notified.`,
  )
}

/** An order's or a payout's id as the lists print it. */
function parseId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw))
    throw new CommandError(`Not an id: ${raw ?? ''}`)
  return Number(raw)
}

/**
 * What the player reads as the reason of a rejection (Spanish), or the operator's note on a hold
 * (`reader`): one line, at most 200 characters.
 */
function parseReason(raw: string | undefined, reader = 'the player reads it'): string {
  const reason = raw?.trim() ?? ''
  if (reason === '' || reason.length > 200 || /[\r\n]/.test(reason)) {
    throw new CommandError(`The reason must be one line of 1 to 200 characters (${reader})`)
  }
  return reason
}

/** How long ago, as the operator reads an account's age. */
function describeAge(ms: number): string {
  const hours = Math.floor(ms / 3_600_000)
  if (hours < 1) return `${Math.max(0, Math.floor(ms / 60_000))} min`
  if (hours < 48) return `${hours} h`
  return `${Math.floor(hours / 24)} days`
}

/** A payout's risk signals on one line (issue 29's farm: many members, from one place, idle). */
function describeRisk(risk: PayoutRisk): string {
  return [
    `account ${describeAge(risk.accountAgeMs)} old`,
    `team ${risk.team}, ${risk.neverPlayed} never played`,
    `most from one address ${risk.sameAddress}, from one device ${risk.sameDevice}`,
  ].join('; ')
}

async function emailOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email ?? userId
}

/** Turns the services' refusals of an operator decision into the operator's message. */
async function decide<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ReviewError || error instanceof PayoutError) {
      throw new CommandError(error.message)
    }
    throw error
  }
}

const listenArgs = v.object({
  email: emailField,
  plays: v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(200, 'must be at most 200'),
  ),
})

const teamArgs = v.object({
  members: v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(100_000, 'must be at most 100000'),
  ),
})

/** The first issue of a parsed argument list, as the operator reads it. */
function argumentError(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): CommandError {
  const issue = issues[0]
  return new CommandError(`${v.getDotPath(issue) ?? 'input'}: ${issue.message}`)
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  'create-player': {
    args: '<email> <name> <mobile>',
    summary:
      'Creates a player nobody invited (the first one of an empty database), with a generated ' +
      'password, and prints the password and the invite code others sign up with.',
    run: async ({ db, args, io }) => {
      const [email, name, phone] = args
      const parsed = v.safeParse(newPlayerArgs, { email, name, phone })
      if (!parsed.success) throw argumentError(parsed.issues)
      const password = generatePassword()
      const user = await createPlayer(
        db,
        { ...parsed.output, parentCode: null, passwordHash: await hashPassword(password) },
        new Date(),
      )
      io.out(`Created ${user.name} <${user.email}>`)
      io.out(`  password:    ${password}`)
      io.out(`  invite code: ${user.code}`)
      io.out('Give the password to the player; others sign up with the invite code.')
    },
  },
  'seed-team': {
    args: '<members>',
    summary:
      'Creates a player nobody invited with a team of <members> players (1 to 100000) over the ' +
      'eight generations, all signed up as at signup, to measure the team pages at scale; ' +
      "prints the leader's login.",
    run: async ({ db, args, io }) => {
      const parsed = v.safeParse(teamArgs, { members: args[0] })
      if (!parsed.success) throw argumentError(parsed.issues)
      const started = performance.now()
      const { leader, password, members } = await seedTeam(db, parsed.output.members, new Date())
      io.out(
        `Created ${leader.name} <${leader.email}> with a team of ${members} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
      io.out(`  password:    ${password}`)
      io.out(`  invite code: ${leader.code}`)
    },
  },
  'pending-accounts': {
    args: '',
    summary: 'Lists the social accounts waiting to be verified, oldest first, with their ids.',
    run: async ({ db, io }) => {
      const pending = await listPendingAccounts(db)
      if (pending.length === 0) io.out('No social account is waiting.')
      for (const account of pending) {
        io.out(
          `${account.id}  ${account.network.padEnd(9)} ${account.account}  ${account.email}  since ${account.createdAt.toISOString()}`,
        )
      }
    },
  },
  'verify-account': {
    args: '<id>',
    summary:
      "Verifies a pending social account (state 3): its player can take that network's missions.",
    run: async ({ db, args, io }) => {
      const account = await reviewAccount(db, accountId(args[0]), { verdict: 'verify' }, new Date())
      printAccount(io, 'Verified', account)
    },
  },
  'reject-account': {
    args: '<id> <reason>',
    summary:
      'Rejects a pending social account; the reason (in Spanish, quoted) is shown to the player, who may register another.',
    run: async ({ db, args, io }) => {
      const reason = (args[1] ?? '').trim()
      if (reason === '') throw new CommandError('Give the reason the player will read')
      const account = await reviewAccount(
        db,
        accountId(args[0]),
        { verdict: 'reject', reason },
        new Date(),
      )
      printAccount(io, 'Rejected', account)
    },
  },
  orders: {
    args: '',
    summary:
      'Lists the open terydollar orders, those with a voucher to review first, and where each voucher is.',
    run: async ({ db, files, io }) => {
      const orders = await listOpenOrders(db)
      if (orders.length === 0) io.out('No open orders.')
      for (const order of orders) {
        const voucher = order.voucherKey
          ? (files.locate(order.voucherKey) ??
            `in the database (npm run admin -- save-voucher ${order.id} <file>)`)
          : 'no voucher yet'
        io.out(
          `#${order.id}  ${order.state.padEnd(15)} ${await emailOf(db, order.userId)}  ${order.amount} terydollars by ${order.method}, pays ${order.payAmount} ${order.payCurrency}  ${order.createdAt.toISOString()}`,
        )
        io.out(`      voucher: ${voucher}`)
      }
    },
  },
  'approve-order': {
    args: '<id>',
    summary:
      'Approves an order whose voucher you checked: its terydollars are credited to the player, once.',
    run: async ({ db, args, io }) => {
      const order = await decide(() => approveOrder(db, parseId(args[0]), new Date()))
      io.out(`Approved order #${order.id}: ${order.amount} terydollars credited.`)
    },
  },
  'reject-order': {
    args: '<id> <reason>',
    summary:
      'Rejects an open order; the player reads the reason (write it in Spanish, quoted). Nothing is credited.',
    run: async ({ db, args, io }) => {
      const reason = parseReason(args[1])
      const order = await decide(() => rejectOrder(db, parseId(args[0]), reason, new Date()))
      io.out(`Rejected order #${order.id}.`)
    },
  },
  'save-voucher': {
    args: '<id> <file>',
    summary: "Writes an order's voucher image to a file, to look at it.",
    run: async ({ db, files, args, io }) => {
      const order = await findOrder(db, parseId(args[0]))
      if (!order?.voucherKey) throw new CommandError(`Order ${args[0] ?? ''} has no voucher`)
      const file = await files.get(order.voucherKey)
      if (!file) throw new CommandError(`The voucher of order #${order.id} is missing`)
      await writeFile(args[1] ?? '', file.bytes)
      io.out(`Wrote the voucher of order #${order.id} (${file.type}) to ${args[1] ?? ''}.`)
    },
  },
  payouts: {
    args: '',
    summary:
      "Lists the conversions waiting to be paid out, oldest first: those ready to send, then the held ones; each with its player's risk signals.",
    run: async ({ db, io }) => {
      const payouts = await listPayoutsToDecide(db, new Date())
      if (payouts.length === 0) io.out('No pending payouts.')
      for (const [title, state] of [
        ['Ready to send:', 'pending'],
        ['Held (not to send until released):', 'held'],
      ] as const) {
        const shown = payouts.filter((payout) => payout.state === state)
        if (shown.length === 0) continue
        io.out(title)
        for (const payout of shown) {
          io.out(
            `#${payout.id}  ${await emailOf(db, payout.userId)}  US$${(payout.valueCents / 100).toFixed(2)} by ${payout.symbol} to ${payout.address}  (${payout.gems} gems, fee ${payout.fee})  ${payout.createdAt.toISOString()}`,
          )
          if (state === 'held') io.out(`      held: ${payout.reason ?? ''}`)
          io.out(`      risk: ${describeRisk(payout.risk)}`)
        }
      }
    },
  },
  'send-payout': {
    args: '<id>',
    summary: 'Records that you paid a conversion to the player’s wallet.',
    run: async ({ db, args, io }) => {
      const payout = await decide(() => markPayoutSent(db, parseId(args[0]), new Date()))
      io.out(`Payout #${payout.id} is sent.`)
    },
  },
  'hold-payout': {
    args: '<id> <note>',
    summary:
      'Holds a pending conversion to look into it: not ready to send until released; its gems stay in escrow. The note is yours (the player sees it still pending).',
    run: async ({ db, args, io }) => {
      const note = parseReason(args[1], 'for operators only')
      const payout = await decide(() => holdPayout(db, parseId(args[0]), note))
      io.out(`Held payout #${payout.id}: release-payout or reject-payout decides it.`)
    },
  },
  'release-payout': {
    args: '<id>',
    summary: 'Releases a held conversion: it is ready to send again.',
    run: async ({ db, args, io }) => {
      const payout = await decide(() => releasePayout(db, parseId(args[0])))
      io.out(`Released payout #${payout.id}: ready to send.`)
    },
  },
  'reject-payout': {
    args: '<id> <reason>',
    summary:
      'Rejects a pending or held conversion; its gems and fee go back to the player, who reads the reason (Spanish, quoted).',
    run: async ({ db, args, io }) => {
      const reason = parseReason(args[1])
      const payout = await decide(() => rejectPayout(db, parseId(args[0]), reason, new Date()))
      io.out(`Rejected payout #${payout.id}; ${payout.gems} gems went back to the player.`)
    },
  },
  'run-job': {
    args: '<job>',
    summary: `Runs a scheduled job now for the current period, unless it ran already (${SCHEDULED_JOBS.map((job) => job.name).join(', ')}).`,
    run: async ({ db, args, io }) => {
      const [name] = args
      const job = SCHEDULED_JOBS.find((candidate) => candidate.name === name)
      if (!job) throw new CommandError(`Unknown job: ${name ?? ''}`)
      io.out(`${job.name}: ${await runJobOnce(db, job, new Date())}`)
    },
  },
  'draw-lottery': {
    args: '',
    summary:
      'Closes the lottery draw taking entries now (even before its Sunday 20:00), draws it and ' +
      'any other closed draw, pays each winner, reveals the seeds and opens the next draw.',
    run: async ({ db, io }) => {
      const outcomes = await drawLotteryNow(db, new Date())
      if (outcomes.length === 0) io.out('No draw was taking entries; the next draw is open.')
      for (const { number, entries, winner, seed } of outcomes) {
        const result = winner ? `winning ticket #${winner.ticket} (${winner.name})` : 'no winner'
        io.out(`Draw #${number}: ${entries} entries, ${result}, seed ${seed}`)
      }
    },
  },
  'publish-trainings': {
    args: '',
    summary:
      'Publishes the training lessons (new ones added, the text of the others updated; progress kept).',
    run: async ({ db, io }) => {
      io.out(`Published ${await publishTrainings(db)} training lessons.`)
    },
  },
  'music-listen': {
    args: '<email> <plays>',
    summary:
      'Simulates listening on the local music provider: records <plays> plays (1 to 200) on the ' +
      'account <email>, one song after another up to now, for its player to sync.',
    run: async ({ db, args, io }) => {
      const [email, plays] = args
      const parsed = v.safeParse(listenArgs, { email, plays })
      if (!parsed.success) throw argumentError(parsed.issues)
      const recorded = await recordLocalPlays(
        db,
        parsed.output.email,
        parsed.output.plays,
        new Date(),
      )
      io.out(
        `Recorded ${recorded} plays on ${parsed.output.email} (${LOCAL_TRACKS.length} songs in rotation).`,
      )
    },
  },
}

function printHelp(print: (line: string) => void) {
  print('Usage: npm run admin -- <command> [arguments]')
  print('')
  print('  help')
  print('      Shows this list.')
  for (const [name, command] of Object.entries(COMMANDS)) {
    print(`  ${name} ${command.args}`)
    print(`      ${command.summary}`)
  }
}

function countArgs(command: Command): number {
  return command.args.split(' ').filter((arg) => arg !== '').length
}

type Resolved = { command: Command; args: string[] }

/** The command argv names, with its arguments; or, after printing help or a usage, an exit code. */
function resolve(argv: readonly string[], io: CliIo): Resolved | number {
  const [name, ...args] = argv
  if (name === undefined || name === 'help' || name === '--help') {
    printHelp(io.out)
    return 0
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!command) {
    io.err(`Unknown command: ${name}`)
    printHelp(io.err)
    return 2
  }
  if (args.length !== countArgs(command)) {
    io.err(`Usage: npm run admin -- ${name} ${command.args}`)
    return 2
  }
  return { command, args }
}

async function execute(
  { command, args }: Resolved,
  db: Db,
  files: FileStore,
  io: CliIo,
): Promise<number> {
  try {
    await command.run({ db, files, args, io })
    return 0
  } catch (error) {
    if (error instanceof CommandError || error instanceof DomainError) {
      io.err(error.message)
      return 1
    }
    throw error
  }
}

/**
 * Runs one command on an open database and answers the exit code: 0 done, 1 refused (the reason
 * printed), 2 unknown command or wrong arguments.
 */
export async function runCommand(
  db: Db,
  argv: readonly string[],
  io: CliIo,
  files: FileStore = databaseFileStore(db),
): Promise<number> {
  const resolved = resolve(argv, io)
  return typeof resolved === 'number' ? resolved : execute(resolved, db, files, io)
}

/**
 * The whole CLI: opens (and migrates) the database the environment names, runs the command, closes
 * it; help and usage errors need no database. A PGlite folder held by a running server refuses
 * with the Spanish lock message (exit 1): stop the server, or run both on PostgreSQL.
 */
export async function runCli(argv: readonly string[], env: ServerEnv, io: CliIo): Promise<number> {
  const resolved = resolve(argv, io)
  if (typeof resolved === 'number') return resolved
  let database
  try {
    database = await openDatabase(env)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    io.err(error.message)
    return 1
  }
  try {
    await database.migrate()
    return await execute(resolved, database.db, fileStoreFor(database, env.dataDir), io)
  } finally {
    await database.close()
  }
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href

if (isEntryPoint) {
  const io: CliIo = { out: (line) => console.info(line), err: (line) => console.error(line) }
  let env: ServerEnv
  try {
    env = readEnv()
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    io.err(error.message)
    process.exit(1)
  }
  runCli(process.argv.slice(2), env, io).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('The command failed:', error)
      process.exit(1)
    },
  )
}
