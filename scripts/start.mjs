// @ts-check
/** `npm start`: the server from its prebuilt bundle, rebuilt first when its sources changed. */
import { pathToFileURL } from 'node:url'
import { serverBundle } from './lib/server-bundle.mjs'

await import(pathToFileURL(await serverBundle()).href)
