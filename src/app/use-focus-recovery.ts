import { useEffect, useRef, type FocusEvent } from 'react'

/**
 * Keeps the keyboard focus in a region whose controls change under it. A button that turns
 * disabled while its call runs, or gives way to the call's result, drops the focus to <body>,
 * and the next Tab starts again from the top of the document. When the focus was inside and fell
 * that way, the region takes it (give it tabIndex={-1}): at the blur for a button the browser
 * let go of once it was disabled (Chromium does that when it next paints, after React's effects
 * have run, and no render follows until the call answers), and after each render for one that
 * was removed (no blur is dispatched then). Focus the player moved elsewhere, by keyboard or
 * pointer, is left alone.
 */
export function useFocusRecovery<T extends HTMLElement>() {
  const region = useRef<T>(null)
  const inside = useRef(false)
  const recover = () => {
    const focused = document.activeElement
    if (inside.current && (focused === null || focused === document.body)) region.current?.focus()
  }
  useEffect(recover)
  return {
    ref: region,
    onFocus: () => {
      inside.current = true
    },
    onBlur: (event: FocusEvent<T>) => {
      const left = event.target
      const dropped =
        event.relatedTarget === null && (left.matches(':disabled') || !left.isConnected)
      inside.current = dropped || (region.current?.contains(event.relatedTarget) ?? false)
      if (dropped) recover()
    },
  }
}
