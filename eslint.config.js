// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/*
 * The import rules, one pattern each. A file gets one `no-restricted-imports` setting (the last
 * block that matches it wins), so each block lists every pattern that applies to its files.
 */

/** Anything app-side, runtime-specific or effectful that a pure machine must never import. */
const notForMachines = [
  {
    group: ['**/src/**', '**/server/**', '**/tests/**', '**/scripts/**'],
    message: 'machines/ imports only xstate, contract/ and machines/.',
  },
  {
    group: ['react', 'react-*', '@xstate/react', 'ofetch', 'dayjs', 'hono', 'drizzle-orm'],
    message: 'machines/ imports only xstate, contract/ and machines/.',
  },
]

const srcOnly = {
  group: ['**/server/**', '**/tests/**', '**/scripts/**'],
  message: 'src/ never imports the server, tests or scripts.',
}

/** From a page's folder: `../<another page>/`. */
const noOtherPage = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/',
  message:
    'A page never imports another page: shared views go to src/components, shared logic to src/shared.',
}

/** From a page's folder or src/shared: `../../api/` or `../api/`. */
const apiOnlyFromActors = {
  regex: '^(\\.\\./)+api/',
  message:
    "Views call the API through their machine's actor logic (<name>.actors.ts), never directly.",
}

/**
 * From a page, src/shared or src/components: `../../app/<module>` or `../app/<module>`. src/app
 * gives every page the same few things; logic two pages share goes to src/shared instead.
 */
const appGivesPages = {
  regex:
    '^(\\.\\./)+app/(?!(use-page-actor|app-context|use-hydrated|use-focus-recovery|not-found-page)$)',
  message:
    'From src/app a page takes only what the app gives every page (usePageActor, the app context, useHydrated, useFocusRecovery, the not-found page); what two pages share goes to src/shared or src/components.',
}

const sharedServesPages = {
  regex: '^\\.\\./pages/',
  message: 'src/shared serves the pages; it never imports one.',
}

/** @param {object[]} patterns */
const restrictImports = (patterns) => ({
  'no-restricted-imports': /** @type {['error', { patterns: object[] }]} */ ([
    'error',
    { patterns },
  ]),
})

/** The syntax rules, one selector each, composed the same way (`no-restricted-syntax`). */
const noImportMetaEnv = {
  selector: "MemberExpression[object.meta.name='import'][property.name='env']",
  message: 'Read import.meta.env only in src/config/env.ts.',
}

const kebabMachineIds = {
  selector: 'CallExpression[callee.name=/^create\\w*Machine$/] > Literal[value=/[^a-z0-9-]/]',
  message: "A machine id is kebab-case, like the folders: create...Machine('lottery-history').",
}

const noClockInMachines = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Machines never read the clock; use a named delay or an actor.',
  },
  {
    selector: "NewExpression[callee.name='Date']",
    message: 'Machines never read the clock; use a named delay or an actor.',
  },
]

/** @param {object[]} selectors */
const restrictSyntax = (selectors) => ({
  'no-restricted-syntax': /** @type {['error', ...object[]]} */ (['error', ...selectors]),
})

const processEnvOnlyInEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read process.env only in server/env.ts.',
}

/** Deadlocks and serialization failures are retried at one boundary (server/services/atomic.ts). */
const transactionOnlyThroughTheBoundary = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Start a transaction with inTransaction(db, fn) (server/services/atomic.ts).',
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'coverage', 'test-results', 'docs'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrictImports([srcOnly]) },
  },
  {
    // Pages reach the API only through their machines' actor logic (<route>.actors.ts), and
    // never through each other.
    files: ['src/pages/**/*.{ts,tsx}'],
    ignores: ['src/pages/**/*.actors.ts'],
    rules: restrictImports([srcOnly, apiOnlyFromActors, noOtherPage, appGivesPages]),
  },
  {
    // A page's actor logic is its one door to the API; it still never imports another page.
    files: ['src/pages/**/*.actors.ts'],
    rules: restrictImports([srcOnly, noOtherPage, appGivesPages]),
  },
  {
    // What two or more pages share that is not a view: actor logic (<name>.actors.ts, the only
    // files here that call the API, as in a page) and the hooks that start machines with it.
    files: ['src/shared/**/*.{ts,tsx}'],
    ignores: ['src/shared/**/*.actors.ts'],
    rules: restrictImports([srcOnly, apiOnlyFromActors, sharedServesPages, appGivesPages]),
  },
  {
    // Shared views: like a page, they take from src/app only what it gives every page.
    files: ['src/components/**/*.{ts,tsx}'],
    rules: restrictImports([srcOnly, appGivesPages]),
  },
  {
    files: ['src/shared/**/*.actors.ts'],
    rules: restrictImports([srcOnly, sharedServesPages, appGivesPages]),
  },
  {
    files: ['machines/**/*.ts'],
    rules: restrictImports(notForMachines),
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrictImports([
      {
        group: ['**/src/**', '**/server/**', '**/machines/**', '**/tests/**', '**/scripts/**'],
        message: 'contract/ imports only valibot and itself: every part imports it.',
      },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrictImports([
      {
        group: ['**/src/**', '**/machines/**', '**/tests/**'],
        message: 'server/ shares only contract/ with the browser app.',
      },
      {
        group: ['**/scripts/**'],
        message:
          'server/ never imports the tools: what npm start does first is in scripts/start.mjs.',
      },
    ]),
  },
  {
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['src/config/env.ts'],
    rules: restrictSyntax([noImportMetaEnv, kebabMachineIds]),
  },
  {
    files: ['machines/**/*.ts'],
    rules: restrictSyntax([noImportMetaEnv, kebabMachineIds, ...noClockInMachines]),
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/env.ts'],
    rules: restrictSyntax([processEnvOnlyInEnv, transactionOnlyThroughTheBoundary]),
  },
  {
    // The boundary itself opens the transactions it retries.
    files: ['server/services/atomic.ts'],
    rules: restrictSyntax([processEnvOnlyInEnv]),
  },
)
