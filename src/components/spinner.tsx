import { loading } from '../copy/common'

/** A busy indicator announced to assistive technology with its label. */
export function Spinner({ label = loading.page }: { label?: string }) {
  return (
    <span className="spinner" role="status" aria-label={label}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
