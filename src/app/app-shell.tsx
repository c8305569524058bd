import type { ReactNode } from 'react'
import { brand, loading } from '../copy/common'
import { Logo } from '../components/icons'

/**
 * What shows while the first route's guard and code load. The build renders it into shell.html
 * (src/prerender.tsx), so the page the server sends for a route that is not prerendered paints
 * this before any JavaScript, and React's first render changes nothing the player sees.
 */
export function AppShell() {
  return (
    <div className="layout layout--shell">
      <ShellHeader title={loading.page}>
        <BalancesSkeleton />
        <span className="header__actions">
          <span className="skeleton skeleton--button" />
        </span>
      </ShellHeader>
      <main className="main" aria-busy="true">
        <div className="page page--shell">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--card" />
        </div>
      </main>
    </div>
  )
}

/**
 * The header of a page drawn without the app's code (the shell, the offline page): the brand as a
 * plain link home and the page's title, then whatever the page keeps room for.
 */
export function ShellHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="header">
      <div className="header__inner">
        <a className="header__brand" href="/" aria-label={brand.logoLabel}>
          <Logo />
          <span className="header__name">{brand.name}</span>
        </a>
        <p className="header__title">{title}</p>
        {children}
      </div>
    </header>
  )
}

/**
 * Where a player's four balances will show, while the session that holds them is checked: the
 * header keeps their room, so nothing moves when they arrive.
 */
export function BalancesSkeleton() {
  return (
    <span className="balances" aria-hidden="true">
      <span className="balance skeleton skeleton--balance" />
      <span className="balance skeleton skeleton--balance" />
      <span className="balance skeleton skeleton--balance" />
      <span className="balance skeleton skeleton--balance" />
    </span>
  )
}
