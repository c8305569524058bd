/**
 * The libraries the app is built on, in the order they depend on each other, for src/boot.ts to
 * evaluate one per task before the app's code. A module of its own, imported dynamically: React
 * is CommonJS, and the bundler's interop helpers would otherwise move into the entry, which every
 * library chunk would then import, changing their names at every deploy.
 */
export const libraries = [
  () => import('react-dom/client'),
  () => import('xstate'),
  () => import('react-router-dom'),
]
