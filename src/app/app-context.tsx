import { createContext, use, type ReactNode } from 'react'
import type { AppActors } from './app-actors'

const AppActorsContext = createContext<AppActors | null>(null)

/** Makes the app's actors available to every route and layout part. */
export function AppActorsProvider({
  actors,
  children,
}: {
  actors: AppActors
  children: ReactNode
}) {
  return <AppActorsContext value={actors}>{children}</AppActorsContext>
}

/** The app's actors; views read them with useSelector and a selector, and send events. */
export function useAppActors(): AppActors {
  const actors = use(AppActorsContext)
  if (!actors) throw new Error('useAppActors must be used inside <AppActorsProvider>')
  return actors
}
