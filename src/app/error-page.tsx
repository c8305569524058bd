import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { errorPage, notFound } from '../copy/common'
import { reloadOnChunkError } from './chunk-reload'

export type ErrorDescription = { statusCode: number; message: string }

/**
 * What the error page shows for a route error: the status of a route response or of an API
 * failure, else 500; the Spanish message of a route response or API failure, else 'Error'.
 * A plain exception's message is never shown: it is English and says nothing to a player.
 */
export function describeRouteError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404
        ? notFound.message
        : error.statusText || (typeof error.data === 'string' ? error.data : '')
    return { statusCode: error.status, message: message || errorPage.defaultMessage }
  }
  if (isRequestFailure(error)) {
    return { statusCode: error.status, message: error.message || errorPage.defaultMessage }
  }
  return { statusCode: 500, message: errorPage.defaultMessage }
}

function isRequestFailure(error: unknown): error is { status: number; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}

/** The error page: status code and message, with the way back home. */
export function ErrorView({ statusCode, message }: ErrorDescription) {
  return (
    <section className="page error-page" aria-labelledby="error-title" role="alert">
      <p className="error-page__status">{statusCode}</p>
      <h1 id="error-title" className="error-page__message">
        {message}
      </h1>
      <a className="button button--gold" href="/">
        {errorPage.backHome}
      </a>
    </section>
  )
}

/** Route error boundary: a chunk that failed to load reloads the page (at most once a minute). */
export function ErrorPage() {
  const error = useRouteError()
  useEffect(() => {
    reloadOnChunkError(error)
  }, [error])
  return <ErrorView {...describeRouteError(error)} />
}

/** The last boundary, when the layout itself failed: the error page on the bare background. */
export function RootErrorPage() {
  return (
    <div className="layout">
      <main id="main" className="main">
        <ErrorPage />
      </main>
    </div>
  )
}
