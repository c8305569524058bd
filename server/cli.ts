import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import * as v from 'valibot'
import { emailField, mobileField, nameField } from '../contract/fields'
import type { Db } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { openDatabase } from './db/open-database'
import { EnvError, readEnv, type ServerEnv } from './env'
import { socialNetwork, type SocialAccount } from '../contract/missions'
import { createPlayer } from './services/auth'
import { listPendingAccounts, reviewAccount } from './services/social-accounts'
import { DomainError } from './services/errors'
import { runJobOnce } from './services/jobs'
import { hashPassword } from './services/passwords'
import { SCHEDULED_JOBS } from './services/scheduled-jobs'

/**
 * Operator commands: `npm run admin -- <command> [arguments]`. They open the same database as the
 * server (DATABASE_URL, else PGlite in DATA_DIR, which a running server keeps locked) and run the
 * same services, so every rule (the ledger's included) holds. A later command is one more entry in
 * COMMANDS. Output is for the team, in English; what a player could read stays Spanish.
 */

export type CliIo = { out: (line: string) => void; err: (line: string) => void }

type CommandContext = { db: Db; args: string[]; io: CliIo }

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

export const COMMANDS: Readonly<Record<string, Command>> = {
  'create-player': {
    args: '<email> <name> <mobile>',
    summary:
      'Creates a player nobody invited (the first one of an empty database), with a generated ' +
      'password, and prints the password and the invite code others sign up with.',
    run: async ({ db, args, io }) => {
      const [email, name, phone] = args
      const parsed = v.safeParse(newPlayerArgs, { email, name, phone })
      if (!parsed.success) {
        const issue = parsed.issues[0]
        throw new CommandError(`${v.getDotPath(issue) ?? 'input'}: ${issue.message}`)
      }
      const password = generatePassword()
      const user = await createPlayer(db, {
        ...parsed.output,
        parentCode: null,
        passwordHash: await hashPassword(password),
      })
      io.out(`Created ${user.name} <${user.email}>`)
      io.out(`  password:    ${password}`)
      io.out(`  invite code: ${user.code}`)
      io.out('Give the password to the player; others sign up with the invite code.')
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

async function execute({ command, args }: Resolved, db: Db, io: CliIo): Promise<number> {
  try {
    await command.run({ db, args, io })
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
export async function runCommand(db: Db, argv: readonly string[], io: CliIo): Promise<number> {
  const resolved = resolve(argv, io)
  return typeof resolved === 'number' ? resolved : execute(resolved, db, io)
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
    return await execute(resolved, database.db, io)
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
