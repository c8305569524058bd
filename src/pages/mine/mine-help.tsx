import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { selectIsOpen } from '../../../machines/disclosure/disclosure.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { formatInteger } from '../../../contract/money-text'
import { mine as copy } from '../../copy/mine'
import { useAppActors } from '../../app/app-context'
import { Modal } from '../../components/modal'
import type { mineHelpMachine } from './mine.actors'

/** AYUDA on /mine: how the mine works, with the game's own numbers (GET /api/config). */
export function MineHelp({ actor }: { actor: ActorRefFrom<typeof mineHelpMachine> }) {
  const { config } = useAppActors()
  const open = useSelector(actor, selectIsOpen)
  const onClose = () => actor.send({ type: 'disclosure.close' })
  const rules = useSelector(config, (snapshot) => selectData(snapshot)?.rules.mining)
  return (
    <Modal
      open={open}
      title={copy.helpModal.title}
      onClose={onClose}
      footer={
        <button type="button" className="button button--gold" onClick={onClose}>
          {copy.helpModal.close}
        </button>
      }
    >
      {rules ? (
        <ul className="help-list">
          {copy.helpModal
            .items({
              hours: formatInteger(rules.stationRunHours),
              perDay: rules.productionPerDay.terycarbons,
              perDayGems: rules.productionPerDay.gems,
              capacity: rules.backpackCapacity.terycarbons,
              capacityGems: rules.backpackCapacity.gems,
            })
            .map((item) => (
              <li key={item}>{item}</li>
            ))}
        </ul>
      ) : null}
    </Modal>
  )
}
