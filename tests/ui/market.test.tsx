import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { gemConversionMachine } from '../../machines/gem-conversion/gem-conversion.machine'
import { gemConversionEntry } from '../../machines/gem-conversion/gem-conversion.samples'
import { gemTransferMachine } from '../../machines/gem-transfer/gem-transfer.machine'
import { walletMachine } from '../../machines/wallet/wallet.machine'
import type { MarketOverview } from '../../contract/market'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'
import { marketPageFakes } from './support/economy-fakes'

// What the server answers the conversion and the claim: the machine's own samples.
const [quoted] = gemConversionEntry.outcomes.convert.done
const [claimed] = gemConversionEntry.outcomes.claim.done
if (!quoted || !claimed) throw new Error('the gem-conversion samples hold no answer')

describe('/market', () => {
  it('shows the fee and the money before the claim, then claims to the wallet', async () => {
    const conversion = fakeActors(gemConversionMachine, {
      convert: async () => quoted,
      claim: async () => claimed,
    })
    const { user } = renderApp('/market', {
      session: player,
      actors: [...marketPageFakes(), conversion.overrides],
    })
    const form = await screen.findByRole('form', { name: 'Convertir gemas' })
    await user.click(within(form).getByRole('radio', { name: 'USDT' }))
    await user.type(within(form).getByRole('textbox', { name: 'Gemas a convertir' }), '400')
    await user.click(within(form).getByRole('button', { name: 'CALCULAR' }))
    expect(within(form).getByText('El mínimo es 500')).toBeTruthy()
    expect(conversion.calls.convert).not.toHaveBeenCalled()

    const amount = within(form).getByRole('textbox', { name: 'Gemas a convertir' })
    await user.clear(amount)
    await user.type(amount, '1000')
    await user.click(within(form).getByRole('button', { name: 'CALCULAR' }))
    expect(conversion.calls.convert).toHaveBeenCalledWith({ symbol: 'usdt', amount: 1_000 })
    expect(await screen.findByText('−50')).toBeTruthy()
    expect(screen.getByText('US$ 9,50')).toBeTruthy()
    expect(conversion.calls.claim).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'RECLAMAR' }))
    expect(conversion.calls.claim).toHaveBeenCalledWith({ symbol: 'usdt', amount: 1_000 })
    expect(
      await screen.findByText(/Canje solicitado: te enviaremos US\$ 9,50 por USDT/),
    ).toBeTruthy()
  })

  it('asks for a wallet before the claim, checks its address for the method, and converts again with it', async () => {
    let calls = 0
    const conversion = fakeActors(gemConversionMachine, {
      convert: async (): Promise<MarketOverview> => {
        calls += 1
        return calls === 1
          ? { ...quoted, symbol: 'btc', wallet: null }
          : { ...quoted, symbol: 'btc' }
      },
      claim: () => new Promise(() => undefined),
    })
    const wallet = fakeActors(walletMachine, {
      saveWallet: async ({ address }) => [
        { method: 'btc' as const, address, updatedAt: '2026-11-23T15:00:00.000Z' },
      ],
    })
    const { user } = renderApp('/market', {
      session: player,
      actors: [...marketPageFakes(), conversion.overrides, wallet.overrides],
    })
    const form = await screen.findByRole('form', { name: 'Convertir gemas' })
    await user.type(within(form).getByRole('textbox', { name: 'Gemas a convertir' }), '1000')
    await user.click(within(form).getByRole('button', { name: 'CALCULAR' }))
    expect(
      await screen.findByText('Agrega tu billetera de Bitcoin para reclamar el dinero.'),
    ).toBeTruthy()
    expect((screen.getByRole('button', { name: 'RECLAMAR' }) as HTMLButtonElement).disabled).toBe(
      true,
    )

    const claimArea = screen.getByText('Agrega tu billetera de Bitcoin para reclamar el dinero.')
    await user.click(within(claimArea).getByRole('button', { name: 'Agregar Bitcoin' }))
    const dialog = await screen.findByRole('dialog', { name: 'Billetera de Bitcoin' })
    expect(
      within(dialog).getByRole('note', { name: 'Antes de agregar una billetera de criptomonedas' }),
    ).toBeTruthy()
    const address = within(dialog).getByRole('textbox', { name: 'Dirección de Bitcoin' })
    await user.type(address, '0x1234')
    await user.click(within(dialog).getByRole('button', { name: 'GUARDAR' }))
    expect(within(dialog).getByText('Dirección de Bitcoin no válida')).toBeTruthy()
    expect(wallet.calls.saveWallet).not.toHaveBeenCalled()

    await user.clear(address)
    await user.type(address, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await user.click(within(dialog).getByRole('button', { name: 'GUARDAR' }))
    expect(wallet.calls.saveWallet).toHaveBeenCalledWith({
      method: 'btc',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    })
    expect(await screen.findByText('Billetera guardada')).toBeTruthy()
    expect(conversion.calls.convert).toHaveBeenCalledTimes(2)
    expect(
      await screen
        .findByRole('button', { name: 'RECLAMAR' })
        .then((button) => (button as HTMLButtonElement).disabled),
    ).toBe(false)
  })

  it("clears the server's error under a field as soon as the player changes that field", async () => {
    const transfer = fakeActors(gemTransferMachine, {
      findRecipient: async () => {
        throw {
          status: 404,
          message: 'No existe un jugador con ese código',
          network: false,
          data: { fields: { code: 'No existe un jugador con ese código' } },
        }
      },
      sendGems: async () => {
        throw new Error('not sent in this test')
      },
    })
    const { user } = renderApp('/market', {
      session: player,
      actors: [...marketPageFakes(), transfer.overrides],
    })
    const form = await screen.findByRole('form', { name: 'Enviar gemas' })
    const code = within(form).getByRole('textbox', { name: 'Código de destino' })
    await user.type(code, 'NADIE123')
    await user.type(within(form).getByRole('textbox', { name: 'Gemas a enviar' }), '10')
    await user.click(within(form).getByRole('button', { name: 'CONTINUAR' }))
    expect(await within(form).findByText('No existe un jugador con ese código')).toBeTruthy()
    expect(code.getAttribute('aria-invalid')).toBe('true')

    await user.type(code, 'X')
    expect(within(form).queryByText('No existe un jugador con ese código')).toBeNull()
    expect(code.hasAttribute('aria-invalid')).toBe(false)
  })

  it('shows the transaction history and the send history with their states', async () => {
    renderApp('/market', { session: player, actors: marketPageFakes() })
    const history = await screen.findByRole('region', { name: 'Historial de canjes' })
    expect(await within(history).findByText(/1\.000 gemas → US\$ 9,50 por USDT/)).toBeTruthy()
    expect(within(history).getByText('Pagado')).toBeTruthy()
    const send = screen.getByRole('region', { name: 'Enviar gemas' })
    expect(await within(send).findByText('Recibiste 250 gemas de Sebastián Ruiz')).toBeTruthy()
    expect(within(send).getByText('Enviado')).toBeTruthy()
  })
})
