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

/**
 * Checks every money mark of the machines against the API: its endpoint exists in the OpenAPI
 * document, declares the money it moves (`x-money`, from the route's `endpoint({ money })`), and
 * the marks a transition gives for that endpoint are exactly those. Returns the problems, in words.
 */
export function checkMoneyMarks(models: readonly MachineModel[], document: ApiDocument): string[] {
  const problems: string[] = []
  for (const model of models) {
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
        const same = expected.size === marks.size && [...marks].every((mark) => expected.has(mark))
        if (!same) {
          const said = (set: Iterable<string>) =>
            [...set]
              .map((mark) => {
                const [direction = '', currency = ''] = mark.split(' ')
                return moneyLabel({ currency, direction: direction as MoneyDirection })
              })
              .sort()
              .join(', ') || 'nothing'
          problems.push(
            `${where} marks ${said(marks)} for ${endpoint}, but the API declares ${said(expected)}`,
          )
        }
      }
    }
  }
  return problems
}
