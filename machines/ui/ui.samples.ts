import type { AnyMachineSnapshot } from 'xstate'
import { defineMachineEntry } from '../shared/machine-entry'
import { uiMachine } from './ui.machine'
import * as selectors from './ui.selectors'

/** How many parallel regions have left their initial state. */
function countRegionsAway(snapshot: AnyMachineSnapshot): number {
  const value = snapshot.value as Record<string, unknown>
  const regions = snapshot.machine.root.states
  return Object.keys(value).filter((region) => value[region] !== regions[region]?.config.initial)
    .length
}

export const uiEntry = defineMachineEntry(uiMachine, {
  selectors,
  // Drawn whole, its seven regions side by side are 3.5 times the docs' width: one diagram per region.
  diagramParts: {
    'login form': ['loginForm'],
    'options modal': ['optionsModal'],
    'social modal': ['socialModal'],
    'responsive menu': ['responsiveMenu'],
    confirmation: ['confirmation'],
    'bottom bar': ['bottomBar'],
    viewport: ['viewport'],
  },
  events: {
    'loginForm.show': [{ type: 'loginForm.show', redirectPath: '/profile' }],
    'loginForm.hide': [{ type: 'loginForm.hide' }],
    'options.open': [{ type: 'options.open' }],
    'options.close': [{ type: 'options.close' }],
    'social.open': [{ type: 'social.open' }],
    'social.close': [{ type: 'social.close' }],
    'menu.toggle': [{ type: 'menu.toggle' }],
    'menu.close': [{ type: 'menu.close' }],
    'confirmation.open': [
      {
        type: 'confirmation.open',
        intent: 'logout',
        title: 'SALIR',
        message: '¿Quieres cerrar la sesión?',
      },
    ],
    'confirmation.accept': [{ type: 'confirmation.accept' }],
    'confirmation.cancel': [{ type: 'confirmation.cancel' }],
    'bottomBar.enable': [{ type: 'bottomBar.enable' }],
    // Both sides of the mobile flag's boundary (mobileMaxWidth): 992 px is mobile, 993 desktop,
    // so a generated path crosses it and a moved boundary (`<` for `<=`) fails a test.
    'viewport.resize': [
      { type: 'viewport.resize', width: 992 },
      { type: 'viewport.resize', width: 993 },
    ],
  },
  boundaryEvents: ['viewport.resize'],
  outcomes: {},
  // Regions are independent: pairs of regions show every interaction there is.
  isBeyondBound: (snapshot) => countRegionsAway(snapshot) > 2,
  isBeyondSimpleBound: (snapshot) =>
    countRegionsAway(snapshot) > 1 || snapshot.context.loginRedirectPath !== '/home',
})
