import type { MoneyDirection, MoneyMovement } from '../../contract/currencies'
import { moneyLabel } from './machine-meta'
import type { MachineModel } from './machine-model'

/** The part of an OpenAPI 3 document the money check reads. */
export type ApiDocument = {
  paths: Record<string, Record<string, { 'x-money'?: readonly MoneyMovement[] } | undefined>>
}

/** `/api/mission/{id}/check` for `/api/mission/:id/check`: OpenAPI names parameters in braces. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

function key(money: { currency: string; direction: string }): string {
  return `${money.direction} ${money.currency}`
}

/** A set of marks as a reader reads them: "+gems, −terycarbons", or "nothing". */
function said(set: Iterable<string>): string {
  return (
    [...set]
      .map((mark) => {
        const [direction = '', currency = ''] = mark.split(' ')
        return moneyLabel({ currency, direction: direction as MoneyDirection })
      })
      .sort()
      .join(', ') || 'nothing'
  )
}

/**
 * Checks every money mark of the machines against the API: its endpoint exists in the OpenAPI
 * document and declares the money it moves (`x-money`, from the route's `endpoint({ money })`); a
 * transition marks only movements its endpoint declares, the ones that answer really makes (a
 * switch of the mine's mode collects in the mode it leaves, so one currency of the two), and the
 * machine's transitions on that endpoint mark, between them, every movement it declares. Returns
 * the problems, in words.
 */
export function checkMoneyMarks(models: readonly MachineModel[], document: ApiDocument): string[] {
  const problems: string[] = []
  for (const model of models) {
    const markedByMachine = new Map<string, { declared: Set<string>; marked: Set<string> }>()
    for (const transition of model.transitions) {
      const where = `${model.id}: ${transition.source} on ${transition.event}`
      const byEndpoint = new Map<string, Set<string>>()
      for (const mark of transition.money) {
        const marks = byEndpoint.get(mark.endpoint) ?? new Set<string>()
        marks.add(key(mark))
        byEndpoint.set(mark.endpoint, marks)
      }
      for (const [endpoint, marks] of byEndpoint) {
        const [method = '', path = ''] = endpoint.split(' ')
        const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()]
        if (!operation) {
          problems.push(`${where} marks money moved by ${endpoint}, which the API does not have`)
          continue
        }
        const declared = operation['x-money']
        if (declared === undefined) {
          problems.push(`${where} marks money moved by ${endpoint}, which declares it moves none`)
          continue
        }
        const expected = new Set(declared.map(key))
        if (![...marks].every((mark) => expected.has(mark))) {
          problems.push(
            `${where} marks ${said(marks)} for ${endpoint}, but the API declares ${said(expected)}`,
          )
        }
        const machine = markedByMachine.get(endpoint) ?? { declared: expected, marked: new Set() }
        for (const mark of marks) machine.marked.add(mark)
        markedByMachine.set(endpoint, machine)
      }
    }
    for (const [endpoint, { declared, marked }] of markedByMachine) {
      const missing = [...declared].filter((mark) => !marked.has(mark))
      if (missing.length > 0) {
        problems.push(
          `${model.id}: no transition marks ${said(missing)} for ${endpoint}, which the API declares`,
        )
      }
    }
  }
  return problems
}
