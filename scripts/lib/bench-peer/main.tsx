/**
 * The bench's peer (scripts/lib/bench-peer.ts): a hello world of the app's stack (React 19 and
 * react-router 7's data router, built by Vite), whatever the path. A page's Lighthouse score and
 * layout shift are reported beside this one's, measured in the same minutes.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <main>
        <h1>Hola mundo</h1>
        <p>Un saludo de la misma pila: Vite, React 19 y react-router 7.</p>
      </main>
    ),
  },
])

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}
