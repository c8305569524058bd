import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import { terycarbonBatteryMachine } from '../../src/pages/terycarbon-battery/terycarbon-battery.actors'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'
import { balances, overview } from './support/economy-fakes'

describe('/terycarbonBattery', () => {
  it('shows what is paid and its benefits, and pays all that is left or a part', async () => {
    const operation = fakeActors(batteryOperationMachine, {
      quoteOperation: () => new Promise(() => undefined),
      runOperation: async () => ({ ...overview, balances }),
    })
    const stats = fakeActors(terycarbonBatteryMachine, {
      load: async () => ({ data: overview.terycarbonBattery }),
    })
    const { user } = renderApp('/terycarbonBattery', {
      session: player,
      actors: [stats.overrides, operation.overrides],
    })
    expect(await screen.findByText('1.500 de 5.000 terycarbonos')).toBeTruthy()
    expect(
      screen.getByText('Todas tus baterías producen un 25% más de gemas cada día.'),
    ).toBeTruthy()

    const part = screen.getByRole('textbox', { name: 'Terycarbonos a pagar' })
    expect(part.getAttribute('name')).toBe('terycarbonBatteryPartialBuyAmount')
    await user.type(part, '4000')
    await user.click(screen.getByRole('button', { name: 'PAGAR PARTE' }))
    expect(screen.getByText('El máximo es 3.500')).toBeTruthy()
    expect(operation.calls.quoteOperation).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'PAGAR TODO (3.500)' }))
    expect(operation.calls.quoteOperation).toHaveBeenCalledWith({
      operation: 'terycarbonBattery',
      amount: 3_500,
    })
    expect(
      await screen.findByRole('dialog', { name: 'Pagar batería de terycarbonos' }),
    ).toBeTruthy()
  })
})
