import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import { selectIsAuthenticated } from '../../../machines/session/session.selectors'
import { selectIsOptionsOpen } from '../../../machines/ui/ui.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { brand, layout } from '../../copy/common'
import { useAppActors } from '../app-context'
import { useHydrated } from '../use-hydrated'
import { Logo } from '../../components/icons'
import { ExternalLink } from '../../components/external-link'
import { BalancesSkeleton } from '../app-shell'
import { BalancesBar } from './balances-bar'
import { GameMenu } from './game-menu'

/**
 * Logo home, the page title, the visitors' SORTEO and FINANZAS links, and MÁS. `awaitingPlayer`:
 * a player's page whose session is being checked shows a player's header, balances still to come.
 */
export function Header({ title, awaitingPlayer }: { title: string; awaitingPlayer: boolean }) {
  const { session, ui, config } = useAppActors()
  const isAuthenticated = useSelector(session, selectIsAuthenticated)
  const optionsOpen = useSelector(ui, selectIsOptionsOpen)
  const financeUrl = useSelector(config, (snapshot) => selectData(snapshot)?.links.finance)
  const hydrated = useHydrated()
  const player = isAuthenticated || awaitingPlayer

  return (
    <header className={player ? 'header' : 'header header--visitor'}>
      <div className="header__inner">
        <Link className="header__brand" to="/" aria-label={brand.logoLabel}>
          <Logo />
          <span className="header__name">{brand.name}</span>
        </Link>
        <p className="header__title">{title}</p>
        {isAuthenticated ? <BalancesBar /> : awaitingPlayer ? <BalancesSkeleton /> : null}
        <nav className="header__actions" aria-label={layout.mainNavigation}>
          {player ? null : (
            <>
              <Link className="header__link" to="/lottery">
                {layout.lottery}
              </Link>
              {financeUrl ? (
                <ExternalLink className="header__link" href={financeUrl}>
                  {layout.finance}
                </ExternalLink>
              ) : (
                // Its room, kept while the configuration that holds its address loads (after
                // hydration): SORTEO does not move when the link comes.
                <span className="header__link header__link--reserved" aria-hidden="true">
                  {layout.finance}
                </span>
              )}
            </>
          )}
          {player ? <GameMenu /> : null}
          <button
            type="button"
            className="button button--ghost header__more"
            aria-haspopup="dialog"
            aria-expanded={optionsOpen}
            disabled={!hydrated}
            onClick={() => ui.send({ type: 'options.open' })}
          >
            {layout.more}
          </button>
        </nav>
      </div>
    </header>
  )
}
