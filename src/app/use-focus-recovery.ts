import { useEffect, useRef, type FocusEvent } from 'react'

/**
 * Keeps the keyboard focus in a region whose controls change under it. A button that turns
 * disabled while its call runs, or gives way to the call's result, drops the focus to <body>,
 * and the next Tab starts again from the top of the document. After each render, when the focus
 * was inside and fell that way, the region takes it (give it tabIndex={-1}). Focus the player
 * moved elsewhere, by keyboard or pointer, is left alone.
 */
export function useFocusRecovery<T extends HTMLElement>() {
  const region = useRef<T>(null)
  const inside = useRef(false)
  useEffect(() => {
    const focused = document.activeElement
    if (inside.current && (focused === null || focused === document.body)) region.current?.focus()
  })
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
    },
  }
}
