import type { CSSProperties } from 'react'
import { loading } from '../copy/common'

/**
 * The thin progress bar along the top of the page. It fills over `durationMs` (the spec's 5000 ms)
 * and stays near the end until the requests finish; the machine decides when it shows.
 */
export function LoadingBar({ visible, durationMs }: { visible: boolean; durationMs: number }) {
  if (!visible) return null
  const style = { '--loading-duration': `${durationMs}ms` } as CSSProperties
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={loading.bar}
      aria-busy="true"
      style={style}
    >
      <span className="loading-bar__fill" />
    </div>
  )
}
