import { offline } from '../copy/offline'
import { ShellHeader } from './app-shell'

/**
 * The offline screen, inside the app's layout: the service worker answers it to a navigation the
 * server could not receive (src/sw.ts). The build renders it into offline.html without the app's
 * code: its one script (public/offline.js) loads the page again once the server answers.
 */
export function OfflinePage() {
  return (
    <div className="layout layout--shell">
      <title>{offline.documentTitle}</title>
      <ShellHeader title={offline.title} />
      <div className="offline-banner" role="status">
        {offline.banner}
      </div>
      <main className="main" id="main">
        <div className="page offline-page">
          <h1>{offline.heading}</h1>
          <p>{offline.text}</p>
          {/* The same address again: the service worker tries the server first. */}
          <a className="button button--gold" href="">
            {offline.retry}
          </a>
        </div>
      </main>
    </div>
  )
}
