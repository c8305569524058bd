/**
 * The entry index.html loads. A prerendered page is painted by the HTML alone, so the code that
 * hydrates it (src/main.tsx and the chunks its routes need, listed by the build) is fetched only
 * after that first paint: on a phone's connection it never competes with the HTML and the
 * stylesheet for bandwidth. The shell shows nothing useful without the app, which loads at once
 * (its chunks are modulepreloaded by shell.html).
 */
import { DEFERRED_CHUNKS_ID } from './app/hydration-data'

function loadApp(): void {
  void import('./main')
}

const deferred = document.getElementById(DEFERRED_CHUNKS_ID)?.textContent
if (deferred) {
  // The frame after the first paint.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of JSON.parse(deferred) as string[]) {
        const link = document.createElement('link')
        link.rel = 'modulepreload'
        link.crossOrigin = ''
        link.href = href
        document.head.append(link)
      }
      loadApp()
    }),
  )
} else {
  loadApp()
}
