import type { ComponentType } from 'react'

/** What a page's module exports: the route's component. */
export type RouteModule = { Component: ComponentType }

/**
 * Every page's module, each its own chunk, keyed as the route table names them (`module`). This
 * file is a small chunk of its own, loaded by the router (src/app/router.tsx): Vite writes beside
 * each lazy import the list of the chunks and stylesheets it needs (its preload list), and here
 * those lists stay out of the entry, which `/` hydrates with. The public pages are imported from
 * the router directly as well, so their first load does not wait for this chunk.
 */
export const pageModules = import.meta.glob<RouteModule>('../pages/*/*.route.tsx')
