/**
 * Whole percent of `value` over `total`: round(value / total * 100), never above 100. Throws a
 * RangeError when `total` is not above zero, because a share of nothing has no meaning and a
 * silent 0 or Infinity would hide the bug that produced it.
 */
export function percent(value: number, total: number): number {
  if (!(total > 0)) throw new RangeError(`percent needs a total above zero, got ${total}`)
  return Math.min(100, Math.round((value / total) * 100))
}

/** `value` bounded to [min, max]. Throws a RangeError when min is above max. */
export function clamp(value: number, min: number, max: number): number {
  if (min > max) throw new RangeError(`clamp needs min <= max, got ${min} > ${max}`)
  return Math.min(max, Math.max(min, value))
}
