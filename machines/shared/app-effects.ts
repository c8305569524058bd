import type { Balances } from '../../contract/user'

/** Where a toast shows. */
export type ToastPlacement = 'top-right' | 'bottom-right'

/**
 * What any machine may ask of the app by emitting it: the `app` machine carries these out for
 * every machine (machines/app/), so a machine never touches the router, the toasts or the layout.
 * Emit them with a literal `type`, so the docs can draw what a machine causes outside itself.
 */
export type AppEffect =
  /** A short message for the player (6 s, or until closed). */
  | { type: 'toast.show'; message: string; placement?: ToastPlacement }
  /** Go to another page of the app. */
  | { type: 'navigate'; to: string; replace?: boolean }
  /** A call moved money: the layout shows the player's new balances at once. */
  | { type: 'balances.changed'; balances: Balances }

export type AppEffectType = AppEffect['type']

const appEffectTypes: ReadonlySet<string> = new Set<AppEffectType>([
  'toast.show',
  'navigate',
  'balances.changed',
])

/** Whether an emitted event is one the app carries out for every machine. */
export function isAppEffect(event: { type: string }): event is AppEffect {
  return appEffectTypes.has(event.type)
}
