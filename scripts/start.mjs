// @ts-check
/**
 * `npm start`: the SPA built when its sources changed, and the server from its prebuilt bundle,
 * rebuilt first when its sources changed. The server serves dist/ (the folder it resolves from the
 * working directory, as server/env.ts does) and never builds it.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale } from './lib/build-if-stale.mjs'
import { serverBundle } from './lib/server-bundle.mjs'

const [bundle] = await Promise.all([serverBundle(), buildIfStale(resolve('dist'))])
await import(pathToFileURL(bundle).href)
