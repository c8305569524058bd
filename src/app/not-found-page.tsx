import { Link } from 'react-router-dom'
import { notFound } from '../copy/common'

/** Unknown routes: the spec's 404 page with a way back home. */
export function NotFoundPage() {
  return (
    <section className="page error-page" aria-labelledby="not-found-title">
      <p className="error-page__status" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="error-page__message">
        {notFound.message}
      </h1>
      <Link className="button button--gold" to="/">
        {notFound.backHome}
      </Link>
    </section>
  )
}
