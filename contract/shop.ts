import * as v from 'valibot'

/** The products of the shop: what a player can get in the game, each bought on its own screen. */
export const SHOP_PRODUCTS = [
  'terycarbons',
  'batteries',
  'terycarbonBattery',
  'miningMode',
] as const
export type ShopProductId = (typeof SHOP_PRODUCTS)[number]

export const shopProduct = v.object({
  id: v.picklist(SHOP_PRODUCTS),
  name: v.string(),
  /** One line under the name. */
  tagline: v.string(),
  description: v.string(),
  benefits: v.array(v.string()),
  /** The screen where it is bought, and the words of the button that goes there. */
  obtain: v.object({ path: v.string(), label: v.string() }),
})
export type ShopProduct = v.InferOutput<typeof shopProduct>
