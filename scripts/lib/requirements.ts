import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { MachineModel } from './machine-model'
import { requirementsOf } from './machine-model'

/** A requirement as docs/requirements.md lists it. */
export type Requirement = {
  id: string
  text: string
  /** Where in the product specification it comes from, e.g. `§4 States and transitions`. */
  spec: string
  /** The heading it is listed under. */
  area: string
}

const requirementsFile = fileURLToPath(new URL('../../docs/requirements.md', import.meta.url))

const rowPattern = /^\|\s*(REQ-[A-Z0-9-]+)\s*\|(.*)\|\s*$/

function cells(row: string): string[] {
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

/**
 * The requirements of a requirements file: every table row whose first cell is an id, under the
 * nearest `##` heading. Throws on a repeated id or a row without text or spec section.
 */
export function parseRequirements(markdown: string): Requirement[] {
  const requirements: Requirement[] = []
  const seen = new Set<string>()
  let area = ''
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(.+)$/.exec(line)
    if (heading) {
      area = heading[1]?.trim() ?? ''
      continue
    }
    if (!rowPattern.test(line)) continue
    const [, id = '', text = '', spec = ''] = cells(line)
    if (seen.has(id)) throw new Error(`docs/requirements.md lists ${id} twice`)
    if (!text || !spec)
      throw new Error(`docs/requirements.md: ${id} needs its text and spec section`)
    seen.add(id)
    requirements.push({ id, text, spec, area })
  }
  return requirements
}

let cached: Requirement[] | undefined

/** The project's requirements, read once from docs/requirements.md. */
export function projectRequirements(): Requirement[] {
  cached ??= parseRequirements(readFileSync(requirementsFile, 'utf8'))
  return cached
}

/** Requirement ids the machines cite that the catalogue does not list, as readable problems. */
export function unknownRequirementProblems(
  models: readonly MachineModel[],
  catalogue: readonly Requirement[],
): string[] {
  const known = new Set(catalogue.map((requirement) => requirement.id))
  const problems: string[] = []
  for (const model of models) {
    for (const state of model.states) {
      for (const id of state.requirements) {
        if (!known.has(id))
          problems.push(
            `${model.id}: state ${state.id} cites ${id}, which docs/requirements.md does not list`,
          )
      }
    }
    for (const transition of model.transitions) {
      for (const id of transition.requirements) {
        if (!known.has(id)) {
          problems.push(
            `${model.id}: ${transition.source} on ${transition.event} cites ${id}, which docs/requirements.md does not list`,
          )
        }
      }
    }
  }
  return problems
}

/** Requirements no machine cites: listed as uncovered on the docs index and in the atlas. */
export function uncitedRequirements(
  models: readonly MachineModel[],
  catalogue: readonly Requirement[],
): Requirement[] {
  const cited = new Set(models.flatMap((model) => requirementsOf(model)))
  return catalogue.filter((requirement) => !cited.has(requirement.id))
}
