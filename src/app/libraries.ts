/**
 * The libraries the app is built on, in the order they depend on each other, for src/boot.ts to
 * evaluate one per task before the app's code. A module of its own, imported dynamically: React
 * is CommonJS, and the bundler's interop helpers would otherwise move into the entry, which every
 * library chunk would then import, changing their names at every deploy. Each import names one
 * export the app uses: a whole namespace would keep every export of the library in its chunk
 * (react-router's went from 29.8 to 62.4 KB gzip). xstate is left to the app's task: imported
 * here, it became an entry of its own and the bundler split six of the app's modules out of
 * main into chunks of their own (24 chunks for / instead of 18, 1.9 KB more).
 */
export const libraries = [
  () => import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot),
  () => import('react-router-dom').then(({ RouterProvider }) => RouterProvider),
]
