/**
 * The moment the machines' samples are written around: the coupon's window, the draw's close and
 * every other sample date a view compares with the clock sit on the right side of it. The view
 * suites start their clock here (tests/setup/ui.ts), so a sample never expires on the day the
 * suite happens to run. A new sample date goes relative to this moment, not to today.
 */
export const SAMPLE_NOW = '2026-11-26T17:00:00.000Z'
