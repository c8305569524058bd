import './meter.css'

/** A horizontal meter (how full the backpack is, how close the next rank is), named for readers. */
export function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0
  return (
    <div
      className="meter-bar"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <span className="meter-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  )
}
