import { useId, useState, type FormEvent } from 'react'
import { useSelector } from '@xstate/react'
import * as v from 'valibot'
import type { ActorRefFrom } from 'xstate'
import { selectBalances } from '../../../machines/session/session.selectors'
import type { terydollarPurchaseMachine } from '../../../machines/terydollar-purchase/terydollar-purchase.machine'
import {
  selectAcknowledgeError,
  selectAmountError,
  selectFailure,
  selectIsAcknowledging,
  selectMethod,
  selectOrder,
  selectStep,
} from '../../../machines/terydollar-purchase/terydollar-purchase.selectors'
import { amountText } from '../../../contract/amounts'
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contract/payments'
import { orderPayment, type TerydollarRules } from '../../../contract/terydollar'
import { battery } from '../../copy/battery'
import { formatDateTime } from '../../format/dates'
import { formatAmount } from '../../format/numbers'
import { formatInteger } from '../../../contract/money-text'
import { formatPay } from '../../format/numbers'
import { methodNames } from '../../copy/payments'
import { useAppActors } from '../../app/app-context'
import { Placeholder } from '../../components/placeholder'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import { RetryPanel } from '../../components/retry'
import { FormError } from '../../components/form-error'

type PurchaseActor = ActorRefFrom<typeof terydollarPurchaseMachine>

/** The terydollar amount, the exchange, and buying terydollars: method, amount, order, voucher. */
export function TerydollarCard({ actor, rules }: { actor: PurchaseActor; rules: TerydollarRules }) {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  const step = useSelector(actor, selectStep)

  return (
    <section className="card card--gold terydollars" aria-labelledby="terydollars-title">
      <h2 id="terydollars-title" className="card__title">
        {battery.terydollarsTitle}
      </h2>
      <p className="figure">
        <span className="figure__label">{battery.terydollarBalance}</span>
        {/* Not 0 while the session is checked: the player's balance, once it is known. */}
        <span className="figure__value">
          {balances ? formatInteger(balances.terydollars) : <Placeholder />}
        </span>
      </p>
      <h3>{battery.exchangeTitle}</h3>
      <table className="exchange">
        <caption className="visually-hidden">{battery.exchangeLabel}</caption>
        <tbody>
          {rules.prices.map((price) => (
            <tr key={price.method}>
              <th scope="row">{methodNames[price.method]}</th>
              <td>
                {formatPay(price.perTerydollar, price.currency)} {battery.perTerydollar}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{battery.buyTitle}</h3>
      <div aria-live="polite">
        {step === 'loading' ? (
          <span className="visually-hidden" role="status" aria-label={battery.loadingOrder}>
            {battery.loadingOrder}
          </span>
        ) : null}
        {step === 'loadFailed' ? <LoadFailed actor={actor} /> : null}
        {/* While the open order is asked for, the picker most players get, disabled: it takes the
            room the answer will, so the batteries below it stay put (a shift of 0.047 on a phone
            when a spinner stood here), and it is the same picker once enabled. */}
        {step === 'loading' || step === 'method' ? (
          <MethodPicker actor={actor} disabled={step === 'loading'} />
        ) : null}
        {step === 'amount' || step === 'ordering' ? (
          <AmountStep actor={actor} rules={rules} />
        ) : null}
        {step === 'voucher' || step === 'sendingVoucher' || step === 'review' ? (
          <OrderStep actor={actor} rules={rules} />
        ) : null}
        {step === 'approved' || step === 'rejected' ? <ReviewedStep actor={actor} /> : null}
      </div>
    </section>
  )
}

function LoadFailed({ actor }: { actor: PurchaseActor }) {
  const failure = useSelector(actor, selectFailure)
  return (
    <RetryPanel
      title={battery.orderFailed}
      error={failure}
      onRetry={() => actor.send({ type: 'purchase.retry' })}
    />
  )
}

/** buyTerydollarMethod: bitcoin is checked until the player picks another. */
function MethodPicker({ actor, disabled = false }: { actor: PurchaseActor; disabled?: boolean }) {
  const initial = useSelector(actor, selectMethod)
  const [method, setMethod] = useState<PaymentMethod>(initial)
  const name = useId()
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'method.select', method })
      }}
    >
      <fieldset className="methods" disabled={disabled}>
        <legend>{battery.methodLegend}</legend>
        <div className="methods__options">
          {PAYMENT_METHODS.map((option) => (
            <label key={option} className="method-option">
              <input
                type="radio"
                name={`${name}-buyTerydollarMethod`}
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
              />
              <span>{methodNames[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--gold" disabled={disabled}>
        {battery.continue}
      </button>
    </form>
  )
}

/** buyTerydollarValue, with the error text under the terydollar amount input. */
function AmountStep({ actor, rules }: { actor: PurchaseActor; rules: TerydollarRules }) {
  const method = useSelector(actor, selectMethod)
  const step = useSelector(actor, selectStep)
  const serverError = useSelector(actor, selectAmountError)
  const schema = v.object({ buyTerydollarValue: amountText(rules.order) })
  const form = useForm(
    schema,
    { buyTerydollarValue: '' },
    serverError ? { buyTerydollarValue: serverError } : {},
  )
  const typed = v.safeParse(schema.entries.buyTerydollarValue, form.values.buyTerydollarValue)
  const pay = typed.success ? orderPayment(rules, method, typed.output) : null
  const ordering = step === 'ordering'
  return (
    <form
      className="form"
      noValidate
      aria-label={battery.buyTitle}
      onSubmit={form.handleSubmit((values) =>
        actor.send({ type: 'amount.submit', amount: values.buyTerydollarValue }),
      )}
    >
      <p className="chosen-method">
        {battery.methodChosen(methodNames[method])}{' '}
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={ordering}
          onClick={() => actor.send({ type: 'method.change' })}
        >
          {battery.changeMethod}
        </button>
      </p>
      <TextField
        label={battery.amountLabel}
        inputMode="numeric"
        autoComplete="off"
        hint={battery.amountHint(formatInteger(rules.order.min), rules.order.max)}
        {...form.field('buyTerydollarValue')}
      />
      {pay ? <p className="muted">{battery.youPay(formatPay(pay.amount, pay.currency))}</p> : null}
      <button type="submit" className="button button--gold" disabled={ordering}>
        {ordering ? battery.ordering : battery.order}
      </button>
    </form>
  )
}

/** Where to pay, and the voucher: sent, replaced, and then waiting for the review. */
function OrderStep({ actor, rules }: { actor: PurchaseActor; rules: TerydollarRules }) {
  const order = useSelector(actor, selectOrder)
  const step = useSelector(actor, selectStep)
  const failure = useSelector(actor, selectFailure)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  if (!order) return null
  const maxMb = formatAmount(rules.voucher.maxBytes / 1_000_000, 1)
  const sending = step === 'sendingVoucher'

  function checkFile(picked: File | null): string | null {
    if (!picked) return battery.voucherRequired
    if (!rules.voucher.types.includes(picked.type)) return battery.voucherType
    if (picked.size > rules.voucher.maxBytes) return battery.voucherSize(maxMb)
    return null
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = checkFile(file)
    setFileError(problem)
    if (problem === null && file) actor.send({ type: 'voucher.send', file })
  }

  return (
    <div className="order">
      <h4>{battery.orderTitle(order.id)}</h4>
      <p>{battery.payInstructions}</p>
      <dl className="order__pay">
        <div>
          <dt>{battery.amountLabel}</dt>
          <dd>{formatInteger(order.amount)}</dd>
        </div>
        <div>
          <dt>{battery.toPay}</dt>
          <dd className="order__amount">{formatPay(order.pay.amount, order.pay.currency)}</dd>
        </div>
        <div>
          <dt>{battery.payTo}</dt>
          <dd>
            {order.payTo.label}: <code className="order__address">{order.payTo.value}</code>
          </dd>
        </div>
      </dl>
      {step === 'review' ? (
        <div className="order__review" role="status">
          <p>{battery.review}</p>
          {order.voucherSentAt ? (
            <p className="muted">{battery.sentAt(formatDateTime(order.voucherSentAt))}</p>
          ) : null}
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'order.refresh' })}
          >
            {battery.checkNow}
          </button>
        </div>
      ) : null}
      <form className="form" noValidate aria-label={battery.voucherForm} onSubmit={submit}>
        <TextField
          label={step === 'review' ? battery.replaceVoucher : battery.voucherLabel}
          type="file"
          accept={rules.voucher.types.join(',')}
          hint={battery.voucherHint(maxMb)}
          error={fileError ?? (step === 'voucher' ? failure : null)}
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null
            setFile(picked)
            setFileError(picked ? checkFile(picked) : null)
          }}
        />
        <button type="submit" className="button button--teal" disabled={sending}>
          {sending ? battery.sendingVoucher : battery.sendVoucher}
        </button>
      </form>
    </div>
  )
}

/** How the operator's review went, told until the player acknowledges it. */
function ReviewedStep({ actor }: { actor: PurchaseActor }) {
  const order = useSelector(actor, selectOrder)
  const step = useSelector(actor, selectStep)
  const acknowledging = useSelector(actor, selectIsAcknowledging)
  const error = useSelector(actor, selectAcknowledgeError)
  if (!order) return null
  return (
    <div className="order" role="status">
      {step === 'approved' ? (
        <p className="order__approved">{battery.approved(order.amount)}</p>
      ) : (
        <>
          <p className="form__error">{battery.rejected(order.amount)}</p>
          {order.rejectionReason ? <p>{battery.rejectedReason(order.rejectionReason)}</p> : null}
        </>
      )}
      <FormError message={error} />
      <button
        type="button"
        className="button button--gold"
        disabled={acknowledging}
        onClick={() => actor.send({ type: 'outcome.acknowledge' })}
      >
        {acknowledging ? battery.acknowledging : battery.acknowledge}
      </button>
    </div>
  )
}
