import type { MiningMode } from '../../../contract/mining'

/**
 * The backpack drawn as a mine cart whose ore rises with what it holds: teal terycarbons or gold
 * gems. Decorative; the amount is written beside it.
 */
export function BackpackArt({ percent, currency }: { percent: number; currency: MiningMode }) {
  // The ore fills the cart's inside, from y 46 (empty) up to y 18 (full).
  const top = 46 - (28 * Math.min(100, Math.max(0, percent))) / 100
  const ore = currency === 'gems' ? '#f5bd3a' : '#3dd6c6'
  return (
    <svg className="backpack-art" viewBox="0 0 80 64" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id="cart-inside">
          <path d="M14 16h52l-6 32H20z" />
        </clipPath>
      </defs>
      <path d="M14 16h52l-6 32H20z" fill="#07131f" />
      <rect x="10" y={top} width="60" height={48 - top} fill={ore} clipPath="url(#cart-inside)" />
      {percent > 0 ? (
        <path
          d={`M16 ${top}q6-5 12 0t12 0 12 0 12 0`}
          fill="none"
          stroke="#eaf3f7"
          strokeOpacity=".5"
          strokeWidth="1.5"
          clipPath="url(#cart-inside)"
        />
      ) : null}
      <path
        d="M10 14h60l-8 36H18z"
        fill="none"
        stroke="#2f6580"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M6 58h68" stroke="#2f6580" strokeWidth="3" strokeLinecap="round" />
      <circle cx="26" cy="54" r="5" fill="#143248" stroke="#f5bd3a" strokeWidth="2.5" />
      <circle cx="54" cy="54" r="5" fill="#143248" stroke="#f5bd3a" strokeWidth="2.5" />
    </svg>
  )
}
