/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { stripMachineDescriptions } from './scripts/lib/strip-machine-descriptions.ts'

export default defineConfig({
  plugins: [react(), stripMachineDescriptions()],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
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
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/fail-on-console.ts', 'tests/setup/ui.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
