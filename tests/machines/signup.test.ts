import { describe, expect, it } from 'vitest'
import { signupMachine } from '../../machines/signup/signup.machine'
import {
  selectCanRetryCode,
  selectCanSubmit,
  selectCode,
  selectCodeError,
  selectFieldErrors,
  selectFormError,
  selectHasSucceeded,
  selectIsCodeConfirmed,
  selectParentName,
  selectTab,
} from '../../machines/signup/signup.selectors'
import { MachineHarness } from './support/replay'
import { signupEntry } from '../../machines/signup/signup.samples'
import { selectIsCodeChecking, selectIsSubmitting } from '../../machines/signup/signup.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'

const form = {
  type: 'signup.submit',
  name: 'Ana María',
  email: 'ana@tery.example',
  phone: '3001234567',
  password: 'clave-segura-1',
} as const

async function confirmedCode() {
  const harness = new MachineHarness(signupMachine)
  harness.send({ type: 'code.change', value: 'terydemo' })
  harness.advance(400)
  await harness.resolve('validateCode', { code: 'TERYDEMO', name: 'Demo Tery' })
  return harness
}

describe('signup machine', () => {
  it('shows the code in uppercase and checks it only once typing pauses for 400 ms', async () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.change', value: 'terydemo' })
    expect(selectCode(harness.snapshot)).toBe('TERYDEMO')
    harness.advance(399)
    expect(harness.isWaiting('validateCode')).toBe(false)
    harness.advance(1)
    expect(harness.isWaiting('validateCode')).toBe(true)
    expect(harness.inputs.get('validateCode')).toEqual({ code: 'TERYDEMO' })
    await harness.resolve('validateCode', { code: 'TERYDEMO', name: 'Demo Tery' })
    expect(selectIsCodeConfirmed(harness.snapshot)).toBe(true)
    expect(selectParentName(harness.snapshot)).toBe('Demo Tery')
  })

  it('restarts the pause when the visitor keeps typing', () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.change', value: 'tery' })
    harness.advance(300)
    harness.send({ type: 'code.change', value: 'terydemo' })
    harness.advance(300)
    expect(harness.isWaiting('validateCode')).toBe(false)
    harness.advance(100)
    expect(harness.inputs.get('validateCode')).toEqual({ code: 'TERYDEMO' })
  })

  it('never checks a code that is not well formed', () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.change', value: 'te' })
    harness.advance(5000)
    expect(harness.isWaiting('validateCode')).toBe(false)
    expect(selectIsCodeConfirmed(harness.snapshot)).toBe(false)
  })

  it('checks a pasted code at once', async () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.paste' })
    await harness.resolve('readClipboard', ' terydemo ')
    expect(selectCode(harness.snapshot)).toBe('TERYDEMO')
    expect(harness.inputs.get('validateCode')).toEqual({ code: 'TERYDEMO' })
  })

  it('shows the server message for an unknown code and does not allow signup', async () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.change', value: 'NOEXISTE' })
    harness.advance(400)
    await harness.reject('validateCode', {
      status: 400,
      message: 'El código de referido no existe',
      network: false,
    })
    expect(selectCodeError(harness.snapshot)).toBe('El código de referido no existe')
    expect(selectCanSubmit(harness.snapshot)).toBe(false)
    harness.send(form)
    expect(harness.isWaiting('signUp')).toBe(false)
  })

  it('offers a retry when the code check got no answer', async () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.change', value: 'TERYDEMO' })
    harness.advance(400)
    await harness.reject('validateCode', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(selectCanRetryCode(harness.snapshot)).toBe(true)
    harness.send({ type: 'code.retry' })
    await harness.resolve('validateCode', { code: 'TERYDEMO', name: 'Demo Tery' })
    expect(selectIsCodeConfirmed(harness.snapshot)).toBe(true)
  })

  it('sends the form only after the code is confirmed, with the confirmed code', async () => {
    const unconfirmed = new MachineHarness(signupMachine)
    unconfirmed.send(form)
    expect(unconfirmed.isWaiting('signUp')).toBe(false)

    const harness = await confirmedCode()
    expect(selectCanSubmit(harness.snapshot)).toBe(true)
    harness.send(form)
    expect(harness.inputs.get('signUp')).toEqual({
      parentCode: 'TERYDEMO',
      name: 'Ana María',
      email: 'ana@tery.example',
      phone: '3001234567',
      password: 'clave-segura-1',
    })
    await harness.resolve('signUp', { email: 'ana@tery.example', code: 'ANA12345' })
    expect(selectHasSucceeded(harness.snapshot)).toBe(true)
    expect(harness.emitted).toEqual([{ type: 'signup.succeeded', email: 'ana@tery.example' }])
  })

  it('forgets the confirmation when the code is edited', async () => {
    const harness = await confirmedCode()
    harness.send({ type: 'code.change', value: 'otro' })
    expect(selectCanSubmit(harness.snapshot)).toBe(false)
  })

  it('shows the server message and field messages when signup is refused', async () => {
    const harness = await confirmedCode()
    harness.send(form)
    await harness.reject('signUp', {
      status: 400,
      message: 'Celular no válido',
      network: false,
      data: { fields: { phone: 'Celular no válido' } },
    })
    expect(selectFormError(harness.snapshot)).toBe('Celular no válido')
    expect(selectFieldErrors(harness.snapshot)).toEqual({ phone: 'Celular no válido' })
    harness.send(form)
    expect(selectFormError(harness.snapshot)).toBeNull()
  })

  it('drops what the server said of a refused code once the visitor edits it, and keeps the rest', async () => {
    const harness = await confirmedCode()
    harness.send(form)
    await harness.reject('signUp', {
      status: 400,
      message: 'Revisa los datos',
      network: false,
      data: { fields: { parentCode: 'Código de referido no válido', phone: 'Celular no válido' } },
    })
    harness.send({ type: 'code.change', value: 'OTRO2026' })
    expect(selectFieldErrors(harness.snapshot)).toEqual({ phone: 'Celular no válido' })
    expect(selectFormError(harness.snapshot)).toBe('Revisa los datos')
  })

  it('keeps the tab and the form as they are while the code is typed', async () => {
    const harness = await confirmedCode()
    harness.send(form)
    await harness.reject('signUp', {
      status: 409,
      message: 'El correo electrónico ya está registrado',
      network: false,
    })
    harness.send({ type: 'tab.select', tab: 'withoutCode' })
    harness.send({ type: 'code.change', value: 'otro' })
    harness.send({ type: 'code.change', value: 'otro2' })
    expect(selectTab(harness.snapshot)).toBe('withoutCode')
    expect(selectFormError(harness.snapshot)).toBe('El correo electrónico ya está registrado')
  })

  it('waits for typing to pause again after each keystroke', () => {
    const harness = new MachineHarness(signupMachine)
    harness.send({ type: 'code.change', value: 'TERY' })
    harness.advance(300)
    harness.send({ type: 'code.change', value: 'TERYD' })
    harness.advance(300)
    expect(harness.isWaiting('validateCode')).toBe(false)
    harness.advance(100)
    expect(harness.inputs.get('validateCode')).toEqual({ code: 'TERYD' })
  })

  it('switches between the tabs with and without a code', () => {
    const harness = new MachineHarness(signupMachine)
    expect(selectTab(harness.snapshot)).toBe('withCode')
    harness.send({ type: 'tab.select', tab: 'withoutCode' })
    expect(selectTab(harness.snapshot)).toBe('withoutCode')
    harness.send({ type: 'tab.select', tab: 'withCode' })
    expect(selectTab(harness.snapshot)).toBe('withCode')
  })
})

describeMachinePaths(
  signupEntry,
  {
    tab: selectTab,
    code: selectCode,
    checkingCode: selectIsCodeChecking,
    codeConfirmed: selectIsCodeConfirmed,
    parentName: selectParentName,
    codeError: selectCodeError,
    canRetryCode: selectCanRetryCode,
    canSubmit: selectCanSubmit,
    sending: selectIsSubmitting,
    formError: selectFormError,
    succeeded: selectHasSucceeded,
  },
  {
    'filling.tab.withCode': { tab: 'withCode' },
    'filling.tab.withoutCode': { tab: 'withoutCode' },
    'filling.code.empty': { code: '', checkingCode: false, codeConfirmed: false, codeError: null },
    'filling.code.editing': { checkingCode: false, codeConfirmed: false, codeError: null },
    'filling.code.pasting': { checkingCode: true, codeConfirmed: false },
    'filling.code.checking': { checkingCode: true, codeConfirmed: false, codeError: null },
    'filling.code.confirmed': { codeConfirmed: true, parentName: someText, codeError: null },
    'filling.code.rejected': { codeConfirmed: false, codeError: someText, canRetryCode: false },
    'filling.code.unreachable': {
      codeConfirmed: false,
      codeError: 'Ocurrio un error al procesar la petición',
      canRetryCode: true,
    },
    'filling.form.idle': { sending: false, formError: null, succeeded: false },
    'filling.form.submitting': { sending: true, canSubmit: false },
    registered: { sending: false, succeeded: true, canSubmit: false, checkingCode: false },
    'filling.form.failed': { sending: false, formError: someText },
  },
)
