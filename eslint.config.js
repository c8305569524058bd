// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Anything app-side, runtime-specific or effectful that a pure machine must never import. */
const notForMachines = [
  {
    group: ['**/src/**', '**/server/**', '**/tests/**', '**/scripts/**'],
    message: 'machines/ imports only xstate and machines/.',
  },
  {
    group: ['react', 'react-*', '@xstate/react', 'ofetch', 'dayjs', 'hono', 'drizzle-orm'],
    message: 'machines/ imports only xstate and machines/.',
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
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: notForMachines }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!api/schemas/|domain/)',
              message:
                'server/ imports only the contract (src/api/schemas) and pure constants (src/domain).',
            },
            {
              group: ['**/machines/**', '**/tests/**'],
              message:
                'server/ imports only the contract (src/api/schemas) and pure constants (src/domain).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
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
