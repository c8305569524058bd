import type { Currency } from '../../contract/currencies'

/** A small picture per currency, drawn here: fuel, gem, charge and coin. */
export const currencyArt: Record<Currency, { path: string; className: string }> = {
  terycarbons: {
    path: 'M12 3c2.5 3.2 5.5 5.9 5.5 10A5.5 5.5 0 0 1 6.5 13c0-2 1-3.6 2.3-5 .2 1.7 1 2.8 2.2 3.4C11 9 11 6 12 3z',
    className: 'balance__icon balance__icon--fuel',
  },
  gems: {
    path: 'M7.5 4h9l4 5-8.5 11L3.5 9zM3.5 9h17M9.5 4 12 9l2.5-5M12 9v11',
    className: 'balance__icon balance__icon--gem',
  },
  voltaCharge: {
    path: 'M13.5 2.5 5 13.5h6l-1.5 8 8.5-11h-6z',
    className: 'balance__icon balance__icon--volta',
  },
  terydollars: {
    path: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM14.8 9.2c-.6-.9-1.6-1.4-2.8-1.4-1.6 0-2.7.8-2.7 2s1 1.7 2.7 2.1c1.8.4 2.9 1 2.9 2.3S13.6 16.3 12 16.3c-1.3 0-2.4-.5-3-1.5M12 6.3v1.5M12 16.3v1.4',
    className: 'balance__icon balance__icon--dollar',
  },
}
