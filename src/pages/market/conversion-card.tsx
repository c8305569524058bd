import { useId, useState } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { gemConversionMachine } from '../../../machines/gem-conversion/gem-conversion.machine'
import {
  selectAmountError,
  selectCanClaim,
  selectFailure,
  selectNeedsWallet,
  selectPayout,
  selectQuote,
  selectStep,
  selectSymbol,
  selectWallet,
} from '../../../machines/gem-conversion/gem-conversion.selectors'
import { selectBalances } from '../../../machines/session/session.selectors'
import type { walletMachine } from '../../../machines/wallet/wallet.machine'
import type { GameConfig } from '../../../contract/config'
import { conversionFields } from '../../../contract/market'
import type { PaymentMethod } from '../../../contract/payments'
import { formatPercent } from '../../format/numbers'
import { formatInteger } from '../../../contract/money-text'
import { market } from '../../copy/market'
import { formatCents } from '../../format/numbers'
import { methodNames } from '../../copy/payments'
import { useAppActors } from '../../app/app-context'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import { FormError } from '../../components/form-error'

type ConversionActor = ActorRefFrom<typeof gemConversionMachine>

/** Gems to money: the method and amount, the fee before acting, then the claim to the wallet. */
export function ConversionCard({
  actor,
  wallet,
  rules,
}: {
  actor: ConversionActor
  wallet: ActorRefFrom<typeof walletMachine>
  rules: GameConfig['rules']
}) {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  const step = useSelector(actor, selectStep)
  const { market: marketRules } = rules
  return (
    <section className="card card--gold" aria-labelledby="conversion-title">
      <h2 id="conversion-title" className="card__title">
        {market.conversionTitle}
      </h2>
      <p>{market.yourGems(balances?.gems ?? 0)}</p>
      <p className="muted">
        {market.rate(formatCents(marketRules.centsPerGem))}{' '}
        {market.feeRule(formatPercent(marketRules.feePercent))}
      </p>
      <div aria-live="polite">
        {step === 'editing' || step === 'converting' ? (
          <ConversionForm actor={actor} rules={rules} />
        ) : (
          <Claim actor={actor} wallet={wallet} />
        )}
      </div>
    </section>
  )
}

function ConversionForm({ actor, rules }: { actor: ConversionActor; rules: GameConfig['rules'] }) {
  const step = useSelector(actor, selectStep)
  const serverError = useSelector(actor, selectAmountError)
  const failure = useSelector(actor, selectFailure)
  const [symbol, setSymbol] = useState<PaymentMethod>(rules.paymentMethods[0] ?? 'btc')
  const name = useId()
  const form = useForm(
    conversionFields(rules.market),
    { amount: '' },
    serverError ? { amount: serverError } : {},
  )
  const converting = step === 'converting'
  return (
    <form
      className="form"
      noValidate
      aria-label={market.conversionTitle}
      onSubmit={form.handleSubmit((values) =>
        actor.send({ type: 'conversion.review', symbol, amount: values.amount }),
      )}
    >
      <fieldset className="methods">
        <legend>{market.methodsLegend}</legend>
        <div className="methods__options">
          {rules.paymentMethods.map((option) => (
            <label key={option} className="method-option">
              <input
                type="radio"
                name={`${name}-method`}
                value={option}
                checked={symbol === option}
                onChange={() => setSymbol(option)}
              />
              <span>{methodNames[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={market.amountLabel}
        inputMode="numeric"
        autoComplete="off"
        hint={market.amountHint(formatInteger(rules.market.gems.min), rules.market.gems.max)}
        {...form.field('amount')}
      />
      {failure && !serverError ? <FormError message={failure} /> : null}
      <button type="submit" className="button button--gold" disabled={converting}>
        {converting ? market.converting : market.convert}
      </button>
    </form>
  )
}

function Claim({
  actor,
  wallet,
}: {
  actor: ConversionActor
  wallet: ActorRefFrom<typeof walletMachine>
}) {
  const step = useSelector(actor, selectStep)
  const quote = useSelector(actor, selectQuote)
  const payTo = useSelector(actor, selectWallet)
  const needsWallet = useSelector(actor, selectNeedsWallet)
  const canClaim = useSelector(actor, selectCanClaim)
  const failure = useSelector(actor, selectFailure)
  const payout = useSelector(actor, selectPayout)
  const symbol = useSelector(actor, selectSymbol)
  if (step === 'claimed' && payout) {
    return (
      <div className="claim" role="status">
        <p className="claim__done">
          {market.claimed(formatCents(payout.valueCents), methodNames[payout.symbol])}
        </p>
        <button
          type="button"
          className="button button--gold"
          onClick={() => actor.send({ type: 'conversion.new' })}
        >
          {market.another}
        </button>
      </div>
    )
  }
  return (
    <div className="claim">
      <h3>{market.quoteTitle}</h3>
      {quote ? (
        <dl className="quote">
          <div>
            <dt>{market.quoteGems}</dt>
            <dd>{formatInteger(quote.gems)}</dd>
          </div>
          <div>
            <dt>{market.quoteFee}</dt>
            <dd>−{formatInteger(quote.fee)}</dd>
          </div>
          <div>
            <dt>{market.quoteNet}</dt>
            <dd>{formatInteger(quote.net)}</dd>
          </div>
          <div className="quote__total">
            <dt>{market.quoteValue}</dt>
            <dd>{formatCents(quote.valueCents)}</dd>
          </div>
        </dl>
      ) : null}
      {payTo ? (
        <p className="muted claim__pay-to">
          {market.payTo(methodNames[payTo.method], payTo.address)}
        </p>
      ) : null}
      {needsWallet ? (
        <p className="claim__wallet">
          {market.needsWallet(methodNames[symbol])}{' '}
          <button
            type="button"
            className="button button--small button--teal"
            onClick={() => wallet.send({ type: 'wallet.add', method: symbol })}
          >
            {market.addWallet(methodNames[symbol])}
          </button>
        </p>
      ) : null}
      <FormError message={failure} />
      {step === 'claiming' ? <Spinner label={market.claiming} /> : null}
      <div className="claim__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={step === 'claiming'}
          onClick={() => actor.send({ type: 'conversion.edit' })}
        >
          {market.edit}
        </button>
        <button
          type="button"
          className="button button--gold"
          disabled={!canClaim}
          onClick={() => actor.send({ type: 'conversion.claim' })}
        >
          {market.claim}
        </button>
      </div>
    </div>
  )
}
