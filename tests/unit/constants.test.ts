import { describe, expect, it } from 'vitest'
import {
  CURRENCIES,
  ORIGINS,
  RESOURCE_TYPES,
  REWARD_KINDS,
  rewardCurrency,
  TRANSFER_STATES,
} from '../../src/domain/currencies'
import {
  DEFAULT_BUY_TERYDOLLAR_METHOD,
  isPaymentMethod,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  paymentMethodCode,
} from '../../src/domain/payments'
import {
  canAddSocialAccount,
  isSocialAccountState,
  isSocialAccountType,
  MAX_SOCIAL_ACCOUNTS,
  SOCIAL_ACCOUNT_STATES,
  SOCIAL_ACCOUNT_TYPE_LABELS,
  SOCIAL_ACCOUNT_TYPES,
} from '../../src/domain/social'
import {
  ALERT_WIDTH_PX,
  DEFAULT_LOGIN_REDIRECT,
  isMobileWidth,
  LINK_PREFETCH_TIMEOUT_MS,
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_THROTTLE_MS,
  MIN_FETCH_DELAY_MS,
  MOBILE_BREAKPOINT_PX,
  STYLE_BREAKPOINT_PX,
  TOAST_DURATION_MS,
} from '../../src/domain/ui-constants'

describe('currencies and game constants', () => {
  it('name the four currencies and the reward kinds that pay in them', () => {
    expect(CURRENCIES).toEqual(['terycarbons', 'gems', 'voltaCharge', 'terydollars'])
    expect(REWARD_KINDS.map(rewardCurrency)).toEqual(['gems', 'terycarbons', 'voltaCharge'])
  })

  it('spell resource types, origins and transfer states as the API does', () => {
    expect(RESOURCE_TYPES).toEqual(['terycarbonsX', 'gemsX', 'music'])
    expect(ORIGINS).toEqual(['WEB', 'GAME'])
    expect(TRANSFER_STATES).toEqual(['pending', 'sending'])
  })
})

describe('payment methods', () => {
  it('are btc, paypal, nequi and usdt, and the uppercase forms add BANCOLOMBIA', () => {
    expect(PAYMENT_METHODS).toEqual(['btc', 'paypal', 'nequi', 'usdt'])
    expect(PAYMENT_METHOD_CODES).toEqual(['BTC', 'PAYPAL', 'NEQUI', 'USDT', 'BANCOLOMBIA'])
    expect(PAYMENT_METHODS.map(paymentMethodCode)).toEqual(['BTC', 'PAYPAL', 'NEQUI', 'USDT'])
    expect(PAYMENT_METHOD_NAMES.BANCOLOMBIA).toBe('Bancolombia')
  })

  it('start the buy form on bitcoin and recognise only lowercase methods', () => {
    expect(DEFAULT_BUY_TERYDOLLAR_METHOD).toBe('btc')
    expect(isPaymentMethod('nequi')).toBe(true)
    expect(isPaymentMethod('NEQUI')).toBe(false)
    expect(isPaymentMethod('bancolombia')).toBe(false)
  })
})

describe('social accounts', () => {
  it('number the networks YOUTUBE 2, INSTAGRAM 3, FACEBOOK 4, TIK_TOK 5', () => {
    expect(SOCIAL_ACCOUNT_TYPES).toEqual({ YOUTUBE: 2, INSTAGRAM: 3, FACEBOOK: 4, TIK_TOK: 5 })
    expect(SOCIAL_ACCOUNT_TYPE_LABELS[5]).toBe('Tik Tok')
    expect(isSocialAccountType(2)).toBe(true)
    expect(isSocialAccountType(1)).toBe(false)
  })

  it('go from PENDING_TO_CHECK 2 to VERIFIED 3', () => {
    expect(SOCIAL_ACCOUNT_STATES).toEqual({ PENDING_TO_CHECK: 2, VERIFIED: 3 })
    expect(isSocialAccountState(3)).toBe(true)
    expect(isSocialAccountState(4)).toBe(false)
  })

  it('allow one account per player', () => {
    expect(MAX_SOCIAL_ACCOUNTS).toBe(1)
    expect(canAddSocialAccount(0)).toBe(true)
    expect(canAddSocialAccount(1)).toBe(false)
  })
})

describe('layout constants', () => {
  it('hold the spec timings and sizes', () => {
    expect(TOAST_DURATION_MS).toBe(6000)
    expect(LOADING_BAR_THROTTLE_MS).toBe(200)
    expect(LOADING_BAR_DURATION_MS).toBe(5000)
    expect(ALERT_WIDTH_PX).toBe(480)
    expect(LINK_PREFETCH_TIMEOUT_MS).toBe(2000)
    expect(MIN_FETCH_DELAY_MS).toBe(200)
    expect(MOBILE_BREAKPOINT_PX).toBe(992)
    expect(STYLE_BREAKPOINT_PX).toBe(767.98)
    expect(DEFAULT_LOGIN_REDIRECT).toBe('/home')
  })

  it('count 992px as mobile and 993px as desktop', () => {
    expect(isMobileWidth(390)).toBe(true)
    expect(isMobileWidth(992)).toBe(true)
    expect(isMobileWidth(993)).toBe(false)
  })
})
