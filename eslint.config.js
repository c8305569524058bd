// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/tests/**', '**/scripts/**'],
              message: 'src/ never imports the server, tests or scripts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pages reach the API only through their machines' actor logic (<route>.actors.ts), and
    // never through each other.
    files: ['src/pages/**/*.{ts,tsx}'],
    ignores: ['src/pages/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/tests/**', '**/scripts/**'],
              message: 'src/ never imports the server, tests or scripts.',
            },
            {
              regex: '^(\\.\\./)+api/',
              message:
                "Views call the API through their machine's actor logic (<route>.actors.ts), never directly.",
            },
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/',
              message: 'A page never imports another page; shared parts go to src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    // A page's actor logic is its one door to the API; it still never imports another page.
    files: ['src/pages/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/tests/**', '**/scripts/**'],
              message: 'src/ never imports the server, tests or scripts.',
            },
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/',
              message: 'A page never imports another page; shared parts go to src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: notForMachines }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/src/**',
                '**/server/**',
                '**/machines/**',
                '**/tests/**',
                '**/scripts/**',
              ],
              message: 'contract/ imports only valibot and itself: every part imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/machines/**', '**/tests/**'],
              message: 'server/ shares only contract/ with the browser app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'contract/**/*.ts'],
    ignores: ['src/config/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.meta.name='import'][property.name='env']",
          message: 'Read import.meta.env only in src/config/env.ts.',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read process.env only in server/env.ts.',
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Machines never read the clock; use a named delay or an actor.',
        },
        {
          selector: "NewExpression[callee.name='Date']",
          message: 'Machines never read the clock; use a named delay or an actor.',
        },
      ],
    },
  },
)
