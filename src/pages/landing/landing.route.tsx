import { lazy, Suspense } from 'react'
import { useSelector } from '@xstate/react'
import { Link, useLocation } from 'react-router-dom'
import { selectIsLoginFormShown } from '../../../machines/ui/ui.selectors'
import { landing } from '../../copy/landing'
import { useAppActors } from '../../app/app-context'
import { useHydrated } from '../../app/use-hydrated'
import { Icon } from '../../components/icons'
import { pageIcons } from '../../components/page-icons'

const loadLoginForm = () => import('./login-form')

/** The form and its valibot schema load when the visitor reaches for it, not with the landing. */
const LoginForm = lazy(() => loadLoginForm().then((module) => ({ default: module.LoginForm })))

/** Route '/': the landing, with the login form the ui machine shows or hides. */
export function Component() {
  const { ui } = useAppActors()
  const loginShown = useSelector(ui, selectIsLoginFormShown)
  // After signup the new player's email arrives with the navigation, to prefill the form.
  const prefilledEmail = readEmail(useLocation().state)
  const hydrated = useHydrated()

  return (
    <div className={loginShown ? 'page landing landing--login' : 'page landing'}>
      <section className="landing__hero" aria-labelledby="landing-title">
        <p className="landing__eyebrow">
          <Icon path={pageIcons.spark} />
          {landing.eyebrow}
        </p>
        <h1 id="landing-title" className="landing__title">
          {landing.heroTitle}
          <span className="landing__title-accent">{landing.heroAccent}</span>
        </h1>
        <p className="landing__text">{landing.heroText}</p>
        <ul className="landing__highlights">
          {landing.highlights.map((highlight) => (
            <li key={highlight}>
              <Icon path={pageIcons.check} />
              {highlight}
            </li>
          ))}
        </ul>
        {loginShown ? null : (
          <div className="landing__actions">
            <button
              type="button"
              className="button button--gold"
              disabled={!hydrated}
              onPointerEnter={() => void loadLoginForm()}
              onFocus={() => void loadLoginForm()}
              onClick={() => ui.send({ type: 'loginForm.show' })}
            >
              {landing.openLogin}
            </button>
            <p className="landing__signup">
              {landing.noAccount} <Link to="/signup">{landing.signupLink}</Link>
            </p>
          </div>
        )}
      </section>
      {loginShown ? (
        <Suspense fallback={null}>
          <LoginForm
            initialEmail={prefilledEmail}
            onClose={() => ui.send({ type: 'loginForm.hide' })}
          />
        </Suspense>
      ) : (
        <HeroArt />
      )}
    </div>
  )
}

function readEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null) return ''
  const email = (state as { email?: unknown }).email
  return typeof email === 'string' ? email : ''
}

/** A gem rising out of rock strata: decoration only. */
function HeroArt() {
  return (
    <svg className="landing__art" viewBox="0 0 320 320" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="50%">
          <stop offset="0" stopColor="#ffd36b" stopOpacity="0.45" />
          <stop offset="1" stopColor="#ffd36b" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-rock" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b4259" />
          <stop offset="1" stopColor="#0b1e2e" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="140" r="140" fill="url(#hero-glow)" />
      <path d="M20 250l60-40 50 22 50-36 60 30 60-26v90H20z" fill="url(#hero-rock)" />
      <path d="M20 282l70-22 60 14 70-20 80 18" fill="none" stroke="#2f6580" strokeWidth="3" />
      <path d="M105 70h110l40 45H65z" fill="#ffd36b" />
      <path d="M65 115h190L160 240z" fill="#f5bd3a" />
      <path
        d="M105 70l25 45 30-45 30 45 25-45M65 115h190M130 115l30 125 30-125"
        fill="none"
        stroke="#9a6a12"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M255 40l5 11 11 5-11 5-5 11-5-11-11-5 11-5z" fill="#3dd6c6" />
      <path d="M60 50l3.5 7.5L71 61l-7.5 3.5L60 72l-3.5-7.5L49 61l7.5-3.5z" fill="#3dd6c6" />
    </svg>
  )
}
