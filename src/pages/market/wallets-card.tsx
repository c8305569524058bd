import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { walletMachine } from '../../../machines/wallet/wallet.machine'
import {
  selectAddressError,
  selectIsSaving,
  selectOpenMethod,
  selectShowsCryptoAdvice,
} from '../../../machines/wallet/wallet.selectors'
import { walletFields, type PaymentMethod } from '../../../contract/payments'
import { market } from '../../copy/market'
import { methodNames, walletLabels } from '../../copy/payments'
import { Modal } from '../../components/modal'
import { ResourceStatus } from '../../components/resource-status'
import { TextField } from '../../components/text-field'
import { useForm } from '../../components/use-form'
import type { walletsMachine } from './market.actors'

type WalletActor = ActorRefFrom<typeof walletMachine>

/** The payment methods with the player's wallet for each, and adding or changing one. */
export function WalletsCard({
  wallets,
  actor,
  methods,
}: {
  wallets: ActorRefFrom<typeof walletsMachine>
  actor: WalletActor
  methods: readonly PaymentMethod[]
}) {
  const open = useSelector(actor, selectOpenMethod)
  return (
    <section className="card" aria-labelledby="wallets-title">
      <h2 id="wallets-title" className="card__title">
        {market.walletsTitle}
      </h2>
      <p className="muted">{market.walletsIntro}</p>
      <ResourceStatus
        actor={wallets}
        loading={market.loadingWallets}
        empty={market.walletsFailed}
        failed={market.walletsFailed}
      >
        {({ wallets: saved }) => <WalletList saved={saved} methods={methods} actor={actor} />}
      </ResourceStatus>
      {open ? <WalletForm key={open} method={open} actor={actor} /> : null}
    </section>
  )
}

function WalletList({
  saved,
  methods,
  actor,
}: {
  saved: readonly { method: PaymentMethod; address: string }[]
  methods: readonly PaymentMethod[]
  actor: WalletActor
}) {
  return (
    <ul className="wallets">
      {methods.map((method) => {
        const wallet = saved.find((entry) => entry.method === method)
        const name = methodNames[method]
        return (
          <li key={method} className="wallet">
            <div className="wallet__text">
              <p className="wallet__method">{name}</p>
              <p className={wallet ? 'wallet__address' : 'muted'}>
                {wallet?.address ?? market.noWallet}
              </p>
            </div>
            <button
              type="button"
              className="button button--small"
              onClick={() => actor.send({ type: 'wallet.add', method })}
            >
              {wallet ? market.changeWallet(name) : market.addWallet(name)}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** The address of one method, checked by that method's rule; the advice list for crypto. */
function WalletForm({ method, actor }: { method: PaymentMethod; actor: WalletActor }) {
  const saving = useSelector(actor, selectIsSaving)
  const serverError = useSelector(actor, selectAddressError)
  const advice = useSelector(actor, selectShowsCryptoAdvice)
  const form = useForm(
    walletFields(method),
    { address: '' },
    serverError ? { address: serverError } : {},
  )
  const cancel = () => actor.send({ type: 'wallet.cancel' })
  return (
    <Modal
      open
      title={market.walletFormTitle(methodNames[method])}
      onClose={saving ? undefined : cancel}
    >
      {advice ? (
        <div className="wallet-advice" role="note" aria-labelledby="advice-title">
          <p id="advice-title" className="wallet-advice__title">
            {market.cryptoAdviceTitle}
          </p>
          <ul>
            {market.cryptoAdvice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        className="form"
        noValidate
        aria-label={market.walletFormTitle(methodNames[method])}
        onSubmit={form.handleSubmit((values) =>
          actor.send({ type: 'wallet.save', address: values.address }),
        )}
      >
        <TextField
          label={walletLabels[method]}
          autoComplete="off"
          spellCheck={false}
          {...form.field('address')}
        />
        <div className="claim__actions">
          <button type="button" className="button button--ghost" disabled={saving} onClick={cancel}>
            {market.cancel}
          </button>
          <button type="submit" className="button button--gold" disabled={saving}>
            {saving ? market.savingWallet : market.saveWallet}
          </button>
        </div>
      </form>
    </Modal>
  )
}
