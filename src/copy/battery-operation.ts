/** The dialog of a battery operation (/battery and /terycarbonBattery), in es-CO Spanish. */

import type { BatteryOperation } from '../../contract/battery'

export const operationTitles: Record<BatteryOperation, string> = {
  buy: 'Comprar baterías',
  melt: 'Fundir baterías',
  burn: 'Quemar terydólares',
  collect: 'Recolectar gemas',
  terycarbonBattery: 'Pagar batería de terycarbonos',
}

export const operationDialog = {
  quoting: 'Calculando…',
  youSpend: 'Pagas',
  youReceive: 'Recibes',
  batteries: 'Baterías',
  gemsPerDay: 'Gemas por día',
  change: (before: string, after: string) => `${before} → ${after}`,
  confirm: 'CONFIRMAR',
  cancel: 'CANCELAR',
  submitting: 'Procesando…',
  doneTitle: '¡Listo!',
  done: 'La operación se realizó.',
  close: 'CERRAR',
  blockedTitle: 'No se puede realizar',
  failedTitle: 'No se pudo completar',
} as const
