import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { selectIsOpen } from '../../../machines/disclosure/disclosure.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import { formatInteger } from '../../format/numbers'
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
              perDay: formatInteger(rules.productionPerDay.terycarbons),
              perDayGems: formatInteger(rules.productionPerDay.gems),
              capacity: formatInteger(rules.backpackCapacity.terycarbons),
              capacityGems: formatInteger(rules.backpackCapacity.gems),
            })
            .map((item) => (
              <li key={item}>{item}</li>
            ))}
        </ul>
      ) : null}
    </Modal>
  )
}
