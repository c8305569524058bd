import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { FUEL_PAYMENT_CURRENCIES, fuelPurchaseForm } from '../../../contract/mining'
import type { buyTerycarbonsMachine } from '../../../machines/buy-terycarbons/buy-terycarbons.machine'
import {
  selectIsOpen,
  selectIsPaying,
  selectPurchaseError,
  selectPurchaseFieldErrors,
} from '../../../machines/buy-terycarbons/buy-terycarbons.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { layout } from '../../copy/common'
import { mine as copy } from '../../copy/mine'
import { useAppActors } from '../../app/app-context'
import { Modal } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import { FormError } from '../../components/form-error'

type BuyActor = ActorRefFrom<typeof buyTerycarbonsMachine>

/** The buy-terycarbons modal: the amount (checked as it is typed), how to pay, the price. */
export function BuyTerycarbonsModal({ actor }: { actor: BuyActor }) {
  const open = useSelector(actor, selectIsOpen)
  const paying = useSelector(actor, selectIsPaying)
  return (
    <Modal
      open={open}
      title={copy.buy.title}
      width={440}
      onClose={paying ? undefined : () => actor.send({ type: 'buy.close' })}
    >
      <BuyForm actor={actor} />
    </Modal>
  )
}

function BuyForm({ actor }: { actor: BuyActor }) {
  const { config } = useAppActors()
  const rates = useSelector(config, (snapshot) => selectData(snapshot)?.rules.mining.terycarbonsPer)
  const paying = useSelector(actor, selectIsPaying)
  const error = useSelector(actor, selectPurchaseError)
  const serverErrors = useSelector(actor, selectPurchaseFieldErrors)
  const form = useForm(fuelPurchaseForm, { amount: '500', payWith: 'terydollars' }, serverErrors)
  const amount = Number(form.values.amount)
  const payWith = form.field('payWith')
  const rate = rates?.[payWith.value as (typeof FUEL_PAYMENT_CURRENCIES)[number]]
  const price = rate && Number.isInteger(amount) && amount > 0 ? amount / rate : null

  return (
    <form
      className="form buy-form"
      noValidate
      aria-label={copy.buy.title}
      onSubmit={form.handleSubmit((purchase) => actor.send({ type: 'buy.submit', ...purchase }))}
    >
      <TextField
        label={copy.buy.amount}
        inputMode="numeric"
        autoComplete="off"
        hint={copy.buy.amountHint}
        {...form.field('amount')}
      />
      <fieldset className="buy-form__pay">
        <legend className="field__label">{copy.buy.payWith}</legend>
        {FUEL_PAYMENT_CURRENCIES.map((currency) => (
          <label key={currency} className="choice">
            <input
              type="radio"
              name={payWith.name}
              value={currency}
              checked={payWith.value === currency}
              onChange={payWith.onChange}
            />
            {layout.currencies[currency]}
          </label>
        ))}
      </fieldset>
      {rates ? <p className="muted">{copy.buy.rate(rates.terydollars, rates.gems)}</p> : null}
      {price !== null && Number.isInteger(price) ? (
        <p className="buy-form__price" aria-live="polite">
          {copy.buy.price({
            currency: payWith.value as (typeof FUEL_PAYMENT_CURRENCIES)[number],
            amount: price,
          })}
        </p>
      ) : null}
      <FormError message={error} />
      <div className="buy-form__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={paying}
          onClick={() => actor.send({ type: 'buy.close' })}
        >
          {copy.buy.cancel}
        </button>
        <button type="submit" className="button button--gold" disabled={paying}>
          {paying ? copy.buy.paying : copy.buy.submit}
        </button>
      </div>
    </form>
  )
}
