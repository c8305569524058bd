import type { ReactElement } from 'react'
import type { ShopProductId } from '../../contract/shop'

/** The shop's product pictures, drawn in this repo; decorative (the name is beside them). */
export function ProductArt({ product }: { product: ShopProductId }) {
  return (
    <svg className="product-art" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" fill="#0b1e2e" stroke="#2f6580" strokeWidth="2" />
      {art[product]}
    </svg>
  )
}

const art: Record<ShopProductId, ReactElement> = {
  terycarbons: (
    <g>
      <path
        d="M28 62 38 34l14-8 16 12 4 20-14 12H36z"
        fill="#3d4a57"
        stroke="#f5bd3a"
        strokeWidth="2"
      />
      <path
        d="M38 34l8 14 22-10M46 48l-10 22M46 48l26 10"
        stroke="#ffd36b"
        strokeWidth="1.6"
        fill="none"
      />
      <path
        d="M52 20c4 6-2 8 2 13"
        stroke="#3dd6c6"
        strokeWidth="2.4"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  ),
  batteries: (
    <g>
      <rect
        x="26"
        y="30"
        width="40"
        height="40"
        rx="6"
        fill="#143248"
        stroke="#3dd6c6"
        strokeWidth="2.4"
      />
      <rect x="66" y="42" width="6" height="16" rx="2" fill="#3dd6c6" />
      <rect x="31" y="35" width="10" height="30" rx="2" fill="#3dd6c6" />
      <rect x="44" y="35" width="10" height="30" rx="2" fill="#3dd6c6" opacity="0.75" />
      <path
        d="M58 38l-6 12h6l-5 12"
        stroke="#ffd36b"
        strokeWidth="2.4"
        fill="none"
        strokeLinejoin="round"
      />
    </g>
  ),
  terycarbonBattery: (
    <g>
      <rect
        x="26"
        y="30"
        width="40"
        height="40"
        rx="6"
        fill="#143248"
        stroke="#f5bd3a"
        strokeWidth="2.4"
      />
      <rect x="66" y="42" width="6" height="16" rx="2" fill="#f5bd3a" />
      <path
        d="M36 62 41 44l8-5 9 7 2 11-8 6H42z"
        fill="#3d4a57"
        stroke="#ffd36b"
        strokeWidth="1.8"
      />
    </g>
  ),
  miningMode: (
    <g>
      <path
        d="M26 40c10-10 30-14 44-8-14-2-28 2-36 12z"
        fill="#a9c0cc"
        stroke="#eaf3f7"
        strokeWidth="1.6"
      />
      <path d="M47 34 36 72" stroke="#f5bd3a" strokeWidth="5" strokeLinecap="round" />
      <rect
        x="54"
        y="52"
        width="20"
        height="16"
        rx="3"
        fill="#143248"
        stroke="#3dd6c6"
        strokeWidth="2.2"
      />
      <path d="M58 52v-4a6 6 0 0 1 12 0v4" stroke="#3dd6c6" strokeWidth="2.2" fill="none" />
    </g>
  ),
}
