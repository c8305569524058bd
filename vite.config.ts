/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { prerenderPublicRoutes } from './scripts/lib/prerender.ts'
import { stripEndpointDocs } from './scripts/lib/strip-endpoint-docs.ts'
import { stripMachineDescriptions } from './scripts/lib/strip-machine-descriptions.ts'

/**
 * react-router 7's package exports point every condition at its development build (warnings,
 * checks, about 15 KB gzip more). The production build of the browser bundle takes the production
 * files it ships next to them; dev, tests and the prerender keep the development ones.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
    ),
  },
]

/**
 * The installed game (a web app manifest in Spanish): it opens on /home, standalone, in the
 * game's colours, with icons drawn from its own art (`npm run icons`).
 */
const webManifest = {
  name: 'Tery: juego de minería',
  short_name: 'Tery',
  description:
    'Completa misiones, forma tu equipo de referidos y gana terycarbonos, gemas, carga volta y terydólares.',
  lang: 'es-CO',
  dir: 'ltr' as const,
  start_url: '/home',
  scope: '/',
  id: '/home',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  background_color: '#07131f',
  theme_color: '#07131f',
  categories: ['games'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' as const },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' as const },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable' as const,
    },
  ],
}

/** Chunks named after what they hold; the rest are named after their page or component. */
const libraryChunks = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'react-router', test: /[\\/]node_modules[\\/]react-router(-dom)?[\\/]/ },
  { name: 'xstate', test: /[\\/]node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/ },
  { name: 'valibot', test: /[\\/]node_modules[\\/]valibot[\\/]/ },
]

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    stripMachineDescriptions(),
    stripEndpointDocs(),
    prerenderPublicRoutes(),
    VitePWA({
      // Our own service worker (src/sw.ts), registered by src/app/service-worker.ts after load.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        // The app's code, route chunks, styles and icons, and the offline screen; not the
        // compressed copies, the videos, nor the pages the server chooses between.
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}', 'offline.html'],
        globIgnores: ['sw.js', 'media/**'],
      },
      // After the prerender has written offline.html, so the precache list has it.
      integration: { closeBundleOrder: 'post' },
    }),
  ],
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: libraryChunks } },
    },
  },
  test: {
    // A worker per core. Vitest's default keeps one core for itself (one worker on this 2-core
    // machine), but its main process mostly waits: one worker ran the suites one file at a time.
    maxWorkers: '100%',
    // Every suite fails on console.error/console.warn (tests/setup/fail-on-console.ts).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The testers' and reviewers' tools: paths CLI, coverage, docs, atlas, machine diffs.
          name: 'tools',
          include: ['tests/tools/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 60_000,
          // Their beforeAll hooks run the same CLIs their tests do (`npm run paths … --emit`
          // took over the 10 s default once in .ci/run at a load of 22).
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          // One page and one module graph for every file, each started clean by
          // tests/setup/ui.ts (storage, cookies, address, the API client): half the time and
          // the CPU of a new jsdom and a new import of the app per file (docs/testing.md,
          // "The gate's time").
          isolate: false,
          // A journey types whole forms through user-event: on a loaded 2-core machine that alone
          // can pass the 5 s default.
          testTimeout: 20_000,
          setupFiles: ['tests/setup/fail-on-console.ts', 'tests/setup/ui.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph instead of importing the app anew each: a tenth less
          // time and a quarter less CPU (docs/testing.md, "The gate's time"). They can: each opens
          // its own database and app, none mocks a module, fakes timers or changes the environment,
          // and the one module-level queue (password hashing) is empty when a file ends.
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 30_000,
          // A file's database and seeded world are made in its beforeAll: about 5 s quiet, over 60
          // s once on this 2-core machine with two workers and everyone's jobs (load 15).
          hookTimeout: 120_000,
        },
      },
    ],
  },
}))
