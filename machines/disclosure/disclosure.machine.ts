import { assertEvent, assign, setup } from 'xstate'
import { metaTypes } from '../shared/meta'

export type DisclosureContext<TSubject> = {
  /** What the open dialog or panel is about (a team member), null when it needs nothing. */
  subject: TSubject | null
}

export type DisclosureEvent<TSubject> =
  | { type: 'disclosure.open'; subject?: TSubject }
  | { type: 'disclosure.toggle' }
  | { type: 'disclosure.close' }

/**
 * A dialog or a panel of a page that the player opens and closes (the mine's help, a team
 * member's details, the notifications panel), and what it shows. The spec keeps the visibility
 * of modals in machines: a view renders this machine's state and never holds its own.
 * `TSubject` is what the open dialog is about; none for a dialog that is always the same.
 */
export function createDisclosureMachine<TSubject = never>(id = 'disclosure') {
  return setup({
    types: {
      context: {} as DisclosureContext<TSubject>,
      events: {} as DisclosureEvent<TSubject>,
      ...metaTypes,
    },
    actions: {
      setSubject: assign(({ event }) => {
        assertEvent(event, 'disclosure.open')
        return { subject: event.subject ?? null }
      }),
      clearSubject: assign({ subject: null }),
    },
  }).createMachine({
    id,
    description:
      "A page's dialog or panel (the mine's help, a team member's details, the notifications): shown or hidden, and about what.",
    initial: 'closed',
    context: { subject: null },
    states: {
      closed: {
        description: 'Hidden: the page shows only the control that opens it.',
        on: {
          'disclosure.open': {
            target: 'open',
            actions: 'setSubject',
            description: 'The player opens it (about what they chose), or a link asks for it.',
            meta: { requirements: ['REQ-UI-7'] },
          },
          'disclosure.toggle': { target: 'open', description: 'The player shows it.' },
        },
      },
      open: {
        description: 'Shown, about its subject.',
        on: {
          'disclosure.open': {
            actions: 'setSubject',
            description: 'The player chooses another subject while it is open.',
          },
          'disclosure.toggle': {
            target: 'closed',
            actions: 'clearSubject',
            description: 'The player hides it.',
          },
          'disclosure.close': {
            target: 'closed',
            actions: 'clearSubject',
            description: 'The player closes it (its button, Escape, the backdrop).',
            meta: { requirements: ['REQ-UI-7'] },
          },
        },
      },
    },
  })
}

/** The registered instance (docs, paths, atlas): a dialog about a team member's id. */
export const disclosureMachine = createDisclosureMachine<string>()
