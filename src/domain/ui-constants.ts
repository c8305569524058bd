/** Timings and sizes of the layout, as the spec fixes them. */

/** A toast stays this long on screen. */
export const TOAST_DURATION_MS = 6000

/** Viewports up to this width are phones: the bottom bar shows and the mobile flag is on. */
export const MOBILE_BREAKPOINT_PX = 992

/** The styling breakpoint used by the CSS for the narrowest layouts. */
export const STYLE_BREAKPOINT_PX = 767.98

/** The loading bar appears only when a call lasts longer than this. */
export const LOADING_BAR_THROTTLE_MS = 200

/** Full run of the loading bar from empty to nearly full. */
export const LOADING_BAR_DURATION_MS = 5000

/** Default width of the alert dialog. */
export const ALERT_WIDTH_PX = 480

/** Links prefetch their route after the browser has been idle this long. */
export const LINK_PREFETCH_TIMEOUT_MS = 2000

/** A loading state never flashes shorter than this. */
export const MIN_FETCH_DELAY_MS = 200

/** Where the player lands after logging in when no other target was asked for. */
export const DEFAULT_LOGIN_REDIRECT = '/home'

/** Whether a viewport `width` counts as mobile (up to 992px inclusive). */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_BREAKPOINT_PX
}
