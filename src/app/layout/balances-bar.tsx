import { useSelector } from '@xstate/react'
import { selectBalances } from '../../../machines/session/session.selectors'
import { CURRENCIES } from '../../../contract/currencies'
import { layout } from '../../copy/common'
import { formatInteger } from '../../../contract/money-text'
import { useAppActors } from '../app-context'
import { currencyArt } from '../../components/currency-icons'

/**
 * The signed-in player's four currencies, always in view: the session holds them and every call
 * that moves money answers the new ones (the app's `balances.changed` effect).
 */
export function BalancesBar() {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  if (!balances) return null
  return (
    <ul className="balances" aria-label={layout.balances}>
      {CURRENCIES.map((currency) => {
        const art = currencyArt[currency]
        const amount = formatInteger(balances[currency])
        return (
          <li key={currency} className="balance">
            <svg className={art.className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={art.path} />
            </svg>
            <span className="visually-hidden">{layout.currencies[currency]}: </span>
            <span className="balance__amount">{amount}</span>
          </li>
        )
      })}
    </ul>
  )
}
