import type { Profile } from '../../contract/user'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { profileSettingsMachine } from './profile-settings.machine'
import * as selectors from './profile-settings.selectors'

const profile: Profile = {
  id: '0b1c6f4e-0000-4000-8000-000000000001',
  name: 'Jugador Demo',
  email: 'demo@tery.example',
  phone: '3157654321',
  code: 'TERYDEMO',
  parentCode: null,
  shareEmail: true,
  termsAgree: true,
  rank: { index: 2, name: 'Bronce III', percent: 6 },
  balances: { terycarbons: 2500, gems: 340, voltaCharge: 120, terydollars: 25 },
  referrals: { direct: 3, team: 37 },
  penalized: false,
  stats: {
    mined: { terycarbons: 456, gems: 0 },
    teamBonusGems: 8,
    rankGems: 0,
    weekGems: 30,
    stationsOn: 6,
    penalties: 0,
  },
  createdAt: '2026-11-01T12:00:00.000Z',
}

export const profileSettingsEntry = defineMachineEntry(profileSettingsMachine, {
  selectors,
  // Drawn whole, its two regions side by side are 945 px wide: one diagram per region.
  diagramParts: {
    'share email': ['shareEmail'],
    phone: ['phone'],
  },
  events: {
    'shareEmail.toggle': [{ type: 'shareEmail.toggle', shareEmail: true }],
    'phone.submit': [{ type: 'phone.submit', phone: '3157654321' }],
  },
  outcomes: {
    saveShareEmail: { done: [profile], error: [sampleFailures.noAnswer] },
    savePhone: {
      done: [profile],
      error: [
        {
          status: 400,
          message: 'Celular no válido',
          network: false,
          data: { fields: { phone: 'Celular no válido' } },
        },
      ],
    },
  },
  // The two settings are independent: once one has moved, the other stays idle.
  isBeyondBound: (snapshot) =>
    !snapshot.matches({ shareEmail: 'idle' }) && !snapshot.matches({ phone: 'idle' }),
})
