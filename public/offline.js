// The offline screen (offline.html, src/app/offline-page.tsx): the page the player asked for loads
// again by itself as soon as the server answers, whether or not the browser says it is online.
const retry = () =>
  fetch('/api/config', { cache: 'no-store' }).then(
    (answer) => answer.ok && location.reload(),
    () => undefined,
  )
addEventListener('online', retry)
setInterval(retry, 5000)
