import { describe, expect, it } from 'vitest'
import { couponMachine } from '../../machines/coupon/coupon.machine'
import { couponEntry, couponStateWith, sampleCoupons } from '../../machines/coupon/coupon.samples'
import {
  selectCanBuy,
  selectCoupon,
  selectCouponError,
  selectCouponStep,
  selectHistory,
} from '../../machines/coupon/coupon.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const balances = { terycarbons: 2500, gems: 340, voltaCharge: 120, terydollars: 20 }
const { pending, active, claimable, claimed, expired } = sampleCoupons

async function loadedWith(coupon: Parameters<typeof couponStateWith>[0]) {
  const harness = new MachineHarness(couponMachine)
  await harness.resolve('loadCoupon', couponStateWith(coupon))
  return harness
}

const notEnoughTerydollars = 'No tienes suficientes terydólares para comprar el cupón'

/** A player with `coupon` asks for a new one, confirms, and the server refuses the purchase. */
async function refusedPurchase(coupon: Parameters<typeof couponStateWith>[0]) {
  const harness = await loadedWith(coupon)
  harness.send({ type: 'coupon.buy' })
  harness.send({ type: 'coupon.confirm' })
  await harness.reject('buyCoupon', { status: 400, message: notEnoughTerydollars, network: false })
  return harness
}

describe('coupon machine', () => {
  it('buys only after the player confirms, at the price on sale, then waits pending', async () => {
    const harness = await loadedWith(null)
    expect(selectCouponStep(harness.snapshot)).toBe('none')
    harness.send({ type: 'coupon.buy' })
    expect(selectCouponStep(harness.snapshot)).toBe('confirming')
    expect(harness.isWaiting('buyCoupon')).toBe(false)
    harness.send({ type: 'coupon.confirm' })
    expect(harness.inputs.get('buyCoupon')).toEqual({ price: 5 })
    await harness.resolve('buyCoupon', { coupon: pending, balances })
    expect(selectCouponStep(harness.snapshot)).toBe('pending')
    expect(selectCoupon(harness.snapshot)).toEqual(pending)
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      {
        type: 'toast.show',
        message: '¡Compraste un cupón exprés! Actívalo cuando quieras empezar.',
      },
    ])
  })

  it('goes back to the last coupon when the player changes their mind', async () => {
    const harness = await loadedWith(claimed)
    harness.send({ type: 'coupon.buy' })
    harness.send({ type: 'coupon.cancel' })
    expect(selectCouponStep(harness.snapshot)).toBe('claimed')
    expect(harness.isWaiting('buyCoupon')).toBe(false)
  })

  it('keeps the offer with the reason when the purchase is refused, and nothing is paid', async () => {
    const harness = await refusedPurchase(expired)
    expect(selectCouponStep(harness.snapshot)).toBe('expired')
    expect(selectCanBuy(harness.snapshot)).toBe(true)
    expect(selectCouponError(harness.snapshot)).toBe(notEnoughTerydollars)
    expect(harness.emitted).toEqual([])
  })

  it.each([
    ['no coupon', null, 'none'],
    ['a claimed coupon', claimed, 'claimed'],
    ['an expired coupon', expired, 'expired'],
  ] as const)(
    'with %s, a refused purchase’s reason is gone once the player asks again and changes their mind',
    async (_, coupon, step) => {
      const harness = await refusedPurchase(coupon)
      harness.send({ type: 'coupon.buy' })
      harness.send({ type: 'coupon.cancel' })
      expect(selectCouponStep(harness.snapshot)).toBe(step)
      expect(selectCouponError(harness.snapshot)).toBeNull()
    },
  )

  it('activates the pending coupon, and its missions show', async () => {
    const harness = await loadedWith(pending)
    harness.send({ type: 'coupon.activate' })
    expect(harness.inputs.get('activateCoupon')).toEqual({ couponId: pending.id })
    await harness.resolve('activateCoupon', { coupon: active, balances })
    expect(selectCouponStep(harness.snapshot)).toBe('active')
    expect(selectCoupon(harness.snapshot)?.missions).toHaveLength(3)
    expect(selectHistory(harness.snapshot)).toEqual([active])
  })

  it('tracks the missions until every one is claimed, then claims the reward once', async () => {
    const harness = await loadedWith(active)
    harness.send({ type: 'coupon.claim' })
    expect(harness.isWaiting('claimCoupon')).toBe(false)
    harness.send({ type: 'coupon.track' })
    await harness.resolve('trackCoupon', { coupon: active, balances })
    expect(selectCouponStep(harness.snapshot)).toBe('active')
    harness.send({ type: 'coupon.track' })
    await harness.resolve('trackCoupon', { coupon: claimable, balances })
    expect(selectCouponStep(harness.snapshot)).toBe('claimable')
    harness.send({ type: 'coupon.claim' })
    expect(harness.inputs.get('claimCoupon')).toEqual({ couponId: active.id })
    const after = { ...balances, gems: 640 }
    await harness.resolve('claimCoupon', { coupon: claimed, balances: after })
    expect(selectCouponStep(harness.snapshot)).toBe('claimed')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: after },
      { type: 'toast.show', message: '¡Reclamaste tu cupón exprés!' },
    ])
  })

  it('shows the coupon expired when its time ran out first, and offers another', async () => {
    const harness = await loadedWith(active)
    harness.send({ type: 'coupon.track' })
    await harness.resolve('trackCoupon', { coupon: expired, balances })
    expect(selectCouponStep(harness.snapshot)).toBe('expired')
    expect(selectCanBuy(harness.snapshot)).toBe(true)
  })

  it('says why and reloads when the coupon was claimed in another tab', async () => {
    const harness = await loadedWith(claimable)
    harness.send({ type: 'coupon.claim' })
    await harness.reject('claimCoupon', {
      status: 409,
      message: 'Ya reclamaste este cupón',
      network: false,
    })
    expect(harness.emitted).toEqual([{ type: 'toast.show', message: 'Ya reclamaste este cupón' }])
    expect(harness.isWaiting('loadCoupon')).toBe(true)
  })
})

describeMachinePaths(
  couponEntry,
  {
    step: selectCouponStep,
    canBuy: selectCanBuy,
    error: selectCouponError,
    coupon: (snapshot) => selectCoupon(snapshot)?.status ?? null,
  },
  {
    loading: { step: 'loading' },
    failed: { step: 'failed', error: someText, canBuy: false },
    none: { step: 'none', canBuy: true, coupon: null },
    confirming: { step: 'confirming', canBuy: true, error: null },
    buying: { step: 'buying', canBuy: true, error: null },
    pending: { step: 'pending', canBuy: false, coupon: 'pending' },
    activating: { step: 'activating', canBuy: false, error: null },
    active: { step: 'active', canBuy: false, coupon: 'active' },
    tracking: { step: 'tracking', canBuy: false, error: null },
    claimable: { step: 'claimable', canBuy: false, coupon: 'claimable' },
    claiming: { step: 'claiming', canBuy: false, error: null },
    claimed: { step: 'claimed', canBuy: true, coupon: 'claimed' },
    expired: { step: 'expired', canBuy: true, coupon: 'expired' },
  },
)
