import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import * as v from 'valibot'
import { emailField, mobileField, nameField } from '../contract/fields'
import type { Db } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { openDatabase } from './db/open-database'
import { EnvError, readEnv, type ServerEnv } from './env'
import { publishTrainings } from './db/seed/trainings'
import { createPlayer } from './services/auth'
import { DomainError } from './services/errors'
import { runJobOnce } from './services/jobs'
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
