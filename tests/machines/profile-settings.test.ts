import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { profileSettingsMachine } from '../../machines/profile-settings/profile-settings.machine'
import { profileSettingsEntry } from '../../machines/profile-settings/profile-settings.samples'
import {
  selectIsSavingPhone,
  selectIsSavingShareEmail,
  selectPhoneErrors,
  selectShareEmail,
  selectShareEmailError,
} from '../../machines/profile-settings/profile-settings.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('profile-settings machine', () => {
  it('starts from the profile it is given', () => {
    const actor = createActor(profileSettingsMachine, {
      input: { shareEmail: true, phone: '3001234567' },
    })
    expect(selectShareEmail(actor.getSnapshot())).toBe(true)
  })

  it('shows the new choice at once and puts it back when it could not be saved', async () => {
    const harness = new MachineHarness(profileSettingsMachine)
    harness.send({ type: 'shareEmail.toggle', shareEmail: true })
    expect(selectShareEmail(harness.snapshot)).toBe(true)
    expect(harness.inputs.get('saveShareEmail')).toEqual({ shareEmail: true })
    await harness.reject('saveShareEmail', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(selectShareEmail(harness.snapshot)).toBe(false)
    expect(selectShareEmailError(harness.snapshot)).toBe('Ocurrio un error al procesar la petición')
  })

  it('puts the server’s message under the phone field', async () => {
    const harness = new MachineHarness(profileSettingsMachine)
    harness.send({ type: 'phone.submit', phone: '3001234567' })
    await harness.reject('savePhone', {
      status: 400,
      message: 'Celular no válido',
      network: false,
      data: { fields: { phone: 'Celular no válido' } },
    })
    expect(selectPhoneErrors(harness.snapshot)).toEqual({
      message: 'Celular no válido',
      field: 'Celular no válido',
    })
  })
})

describeMachinePaths(
  profileSettingsEntry,
  { savingShare: selectIsSavingShareEmail, savingPhone: selectIsSavingPhone },
  {
    'shareEmail.idle': { savingShare: false },
    'shareEmail.saving': { savingShare: true },
    'phone.idle': { savingPhone: false },
    'phone.saving': { savingPhone: true },
  },
)
