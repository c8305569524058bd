import { describe, expect, it } from 'vitest'
import { uiMachine } from '../../machines/ui/ui.machine'
import {
  isBottomBarVisible,
  selectConfirmation,
  selectIsLoginFormShown,
  selectIsMenuOpen,
  selectIsMobile,
  selectIsOptionsOpen,
  selectIsSocialOpen,
  selectLoginRedirectPath,
} from '../../machines/ui/ui.selectors'
import { MachineHarness } from './support/replay'
import { uiEntry } from '../../machines/ui/ui.samples'
import { selectIsBottomBarEnabled } from '../../machines/ui/ui.selectors'
import { describeMachinePaths } from './support/describe-machine'

describe('ui machine', () => {
  it('opens and closes each modal and menu without touching the others', () => {
    const harness = new MachineHarness(uiMachine)
    harness.send({ type: 'options.open' })
    harness.send({ type: 'menu.toggle' })
    harness.send({ type: 'loginForm.show' })
    expect(selectIsOptionsOpen(harness.snapshot)).toBe(true)
    expect(selectIsMenuOpen(harness.snapshot)).toBe(true)
    expect(selectIsLoginFormShown(harness.snapshot)).toBe(true)
    harness.send({ type: 'menu.close' })
    expect(selectIsMenuOpen(harness.snapshot)).toBe(false)
    expect(selectIsOptionsOpen(harness.snapshot)).toBe(true)
    expect(selectIsLoginFormShown(harness.snapshot)).toBe(true)
  })

  it('replaces OPCIONES with NUESTRAS REDES', () => {
    const harness = new MachineHarness(uiMachine)
    harness.send({ type: 'options.open' })
    harness.send({ type: 'social.open' })
    expect(selectIsOptionsOpen(harness.snapshot)).toBe(false)
    expect(selectIsSocialOpen(harness.snapshot)).toBe(true)
    harness.send({ type: 'social.close' })
    expect(selectIsSocialOpen(harness.snapshot)).toBe(false)
  })

  it('announces an accepted confirmation with its intent and closes', () => {
    const harness = new MachineHarness(uiMachine)
    harness.send({
      type: 'confirmation.open',
      intent: 'logout',
      title: 'SALIR',
      message: '¿Quieres cerrar la sesión?',
    })
    expect(selectConfirmation(harness.snapshot)).toEqual({
      intent: 'logout',
      title: 'SALIR',
      message: '¿Quieres cerrar la sesión?',
    })
    harness.send({ type: 'confirmation.accept' })
    expect(harness.emitted).toEqual([{ type: 'confirmation.accepted', intent: 'logout' }])
    expect(selectConfirmation(harness.snapshot)).toBeNull()
  })

  it('closes a cancelled confirmation without announcing anything', () => {
    const harness = new MachineHarness(uiMachine)
    harness.send({ type: 'confirmation.open', intent: 'logout', title: 'SALIR', message: '?' })
    harness.send({ type: 'confirmation.cancel' })
    expect(harness.emitted).toEqual([])
    expect(selectConfirmation(harness.snapshot)).toBeNull()
  })

  it('sets the mobile flag at 992 px and below', () => {
    const harness = new MachineHarness(uiMachine)
    harness.send({ type: 'viewport.resize', width: 993 })
    expect(selectIsMobile(harness.snapshot)).toBe(false)
    harness.send({ type: 'viewport.resize', width: 992 })
    expect(selectIsMobile(harness.snapshot)).toBe(true)
    harness.send({ type: 'viewport.resize', width: 390 })
    expect(selectIsMobile(harness.snapshot)).toBe(true)
    harness.send({ type: 'viewport.resize', width: 1280 })
    expect(selectIsMobile(harness.snapshot)).toBe(false)
  })

  it('shows the bottom bar only with a session, the bar enabled and a small screen', () => {
    const harness = new MachineHarness(uiMachine)
    harness.send({ type: 'viewport.resize', width: 390 })
    expect(isBottomBarVisible(harness.snapshot, true)).toBe(false)
    harness.send({ type: 'bottomBar.enable' })
    expect(isBottomBarVisible(harness.snapshot, true)).toBe(true)
    expect(isBottomBarVisible(harness.snapshot, false)).toBe(false)
    harness.send({ type: 'viewport.resize', width: 1280 })
    expect(isBottomBarVisible(harness.snapshot, true)).toBe(false)
  })

  it('redirects to /home after login unless a guarded page asked for another path', () => {
    const harness = new MachineHarness(uiMachine)
    expect(selectLoginRedirectPath(harness.snapshot)).toBe('/home')
    harness.send({ type: 'loginForm.show', redirectPath: '/profile' })
    expect(selectLoginRedirectPath(harness.snapshot)).toBe('/profile')
    harness.send({ type: 'loginForm.hide' })
    harness.send({ type: 'loginForm.show' })
    expect(selectLoginRedirectPath(harness.snapshot)).toBe('/profile')
  })
})

describeMachinePaths(
  uiEntry,
  {
    loginForm: selectIsLoginFormShown,
    options: selectIsOptionsOpen,
    social: selectIsSocialOpen,
    menu: selectIsMenuOpen,
    confirmation: selectConfirmation,
    bottomBar: selectIsBottomBarEnabled,
    mobile: selectIsMobile,
  },
  {
    'loginForm.hidden': { loginForm: false },
    'loginForm.shown': { loginForm: true },
    'optionsModal.closed': { options: false },
    'optionsModal.open': { options: true },
    'socialModal.closed': { social: false },
    'socialModal.open': { social: true },
    'responsiveMenu.closed': { menu: false },
    'responsiveMenu.open': { menu: true },
    'confirmation.closed': { confirmation: null },
    'confirmation.open': {
      confirmation: expect.objectContaining({ intent: 'logout', title: expect.any(String) }),
    },
    'bottomBar.disabled': { bottomBar: false },
    'bottomBar.enabled': { bottomBar: true },
    'viewport.desktop': { mobile: false },
    'viewport.mobile': { mobile: true },
  },
)
