import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { sellOfferMachine } from '../../../machines/sell-offer/sell-offer.machine'
import {
  selectFailure,
  selectFieldErrors,
  selectStep,
  selectTerms,
} from '../../../machines/sell-offer/sell-offer.selectors'
import { sellOfferFields, type TradingRules } from '../../../contract/trading'
import { battery } from '../../copy/battery'
import { formatPercent } from '../../format/numbers'
import { formatInteger } from '../../../contract/money-text'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import { FormError } from '../../components/form-error'

/**
 * The sell-offer form (sellTerydollarPrice, sellTerydollarValue), then the preview of the fee and
 * of the terydollars held in escrow, before the offer is listed.
 */
export function SellOfferForm({
  actor,
  rules,
}: {
  actor: ActorRefFrom<typeof sellOfferMachine>
  rules: TradingRules
}) {
  const step = useSelector(actor, selectStep)
  const terms = useSelector(actor, selectTerms)
  const failure = useSelector(actor, selectFailure)
  const fieldErrors = useSelector(actor, selectFieldErrors)
  const form = useForm(
    sellOfferFields(rules),
    { sellTerydollarPrice: '', sellTerydollarValue: '' },
    {
      ...(fieldErrors.price ? { sellTerydollarPrice: fieldErrors.price } : {}),
      ...(fieldErrors.amount ? { sellTerydollarValue: fieldErrors.amount } : {}),
    },
  )

  return (
    <section className="sell" aria-labelledby="sell-title">
      <h3 id="sell-title">{battery.sellTitle}</h3>
      {step === 'editing' ? (
        <form
          className="form"
          noValidate
          aria-label={battery.sellTitle}
          onSubmit={form.handleSubmit((values) =>
            actor.send({
              type: 'offer.review',
              price: values.sellTerydollarPrice,
              amount: values.sellTerydollarValue,
              feePercent: rules.feePercent,
            }),
          )}
        >
          <TextField
            label={battery.sellPrice}
            inputMode="numeric"
            autoComplete="off"
            {...form.field('sellTerydollarPrice')}
          />
          <TextField
            label={battery.sellAmount}
            inputMode="numeric"
            autoComplete="off"
            {...form.field('sellTerydollarValue')}
          />
          <button type="submit" className="button button--teal">
            {battery.reviewOffer}
          </button>
        </form>
      ) : null}
      {terms ? (
        <div className="preview" aria-label={battery.preview} role="group">
          <p className="preview__title">{battery.preview}</p>
          <p>{battery.offerLine(terms.amount, terms.price)}</p>
          <dl className="quote">
            <div>
              <dt>{battery.previewTotal}</dt>
              <dd>{formatInteger(terms.total)}</dd>
            </div>
            <div>
              <dt>{battery.previewFee(formatPercent(rules.feePercent))}</dt>
              <dd>−{formatInteger(terms.fee)}</dd>
            </div>
            <div>
              <dt>{battery.previewProceeds}</dt>
              <dd>{formatInteger(terms.proceeds)}</dd>
            </div>
            <div>
              <dt>{battery.previewEscrow}</dt>
              <dd>{formatInteger(terms.amount)}</dd>
            </div>
          </dl>
          <p className="muted">{battery.escrowNote}</p>
          <FormError message={failure} />
          {step === 'listed' ? (
            <>
              <p role="status">{battery.listed}</p>
              <button
                type="button"
                className="button button--teal"
                onClick={() => actor.send({ type: 'offer.new' })}
              >
                {battery.another}
              </button>
            </>
          ) : (
            <div className="preview__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={step === 'submitting'}
                onClick={() => actor.send({ type: 'offer.edit' })}
              >
                {battery.edit}
              </button>
              <button
                type="button"
                className="button button--gold"
                disabled={step === 'submitting'}
                onClick={() => actor.send({ type: 'offer.submit' })}
              >
                {step === 'submitting' ? battery.publishing : battery.publish}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  )
}
