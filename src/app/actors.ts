import { fromPromise } from 'xstate'
import { getSession, logIn, logOut, signUp, validateCode } from '../api/auth'
import { getChat } from '../api/chat'
import { getConfig } from '../api/config'
import { agreeTerms } from '../api/user'
import type { AppActorLogic } from './app-actors'

/**
 * The real I/O behind every machine actor the app starts: API calls through src/api and the
 * browser's clipboard. Tests pass fakes of the same shape instead (tests/ui), never module mocks.
 */
export const realActors: AppActorLogic = {
  session: {
    fetchSession: fromPromise(({ input }) => getSession(input.path)),
    logIn: fromPromise(({ input }) => logIn(input)),
    logOut: fromPromise(() => logOut()),
    agreeTerms: fromPromise(() => agreeTerms()),
  },
  signup: {
    validateCode: fromPromise(({ input }) => validateCode(input.code)),
    signUp: fromPromise(({ input }) => signUp(input)),
    readClipboard: fromPromise(() => readClipboard()),
  },
  clipboardCopy: {
    writeClipboard: fromPromise(({ input }) => writeClipboard(input.text)),
  },
  config: {
    load: fromPromise(async () => ({ data: await getConfig() })),
  },
  chat: {
    load: fromPromise(async () => ({ data: await getChat() })),
  },
}

async function readClipboard(): Promise<string> {
  if (!navigator.clipboard?.readText) throw new Error('Clipboard reading is not available')
  return navigator.clipboard.readText()
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  // Older browsers and plain-HTTP origins have no async clipboard: fall back to a hidden field.
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.className = 'visually-hidden'
  document.body.append(field)
  field.select()
  const copied = document.execCommand('copy')
  field.remove()
  if (!copied) throw new Error('The browser refused to copy')
}
