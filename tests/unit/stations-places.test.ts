import { describe, expect, it } from 'vitest'
import {
  isStationNumber,
  STATION_COUNT,
  STATIONS,
  stationByNumber,
  stationShare,
} from '../../src/domain/stations'
import { PLACES, placeName, TEAM_ENVIRONMENTS, teamEnvironment } from '../../src/domain/places'
import { emptyGenerations, TEAM_GENERATIONS } from '../../src/domain/team'

describe('stations', () => {
  it('are numbered 1 to 9 with shares 3, 4, 5, 7, 9, 10, 12, 15 and 35 percent', () => {
    expect(STATION_COUNT).toBe(9)
    expect(STATIONS.map((station) => station.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(STATIONS.map((station) => stationShare(station.number))).toEqual([
      3, 4, 5, 7, 9, 10, 12, 15, 35,
    ])
  })

  it('shares add up to the whole reward, 100 percent', () => {
    expect(STATIONS.reduce((sum, station) => sum + station.share, 0)).toBe(100)
  })

  it('are named Mina first and Banco last', () => {
    expect(stationByNumber(1).name).toBe('Mina')
    expect(stationByNumber(9).name).toBe('Banco')
  })

  it('reject numbers outside 1..9', () => {
    for (const number of [0, 10, 2.5]) {
      expect(isStationNumber(number)).toBe(false)
      expect(() => stationShare(number)).toThrow(RangeError)
    }
    expect(isStationNumber(9)).toBe(true)
  })
})

describe('places', () => {
  it('run from 0 la mina to 8 banco', () => {
    expect(PLACES).toEqual([
      'la mina',
      'centro de exploración',
      'centro de extracción',
      'centro de lavado',
      'centro de almacenamiento',
      'centro de fundición',
      'centro de I+D',
      'casa de valores',
      'banco',
    ])
    expect(placeName(7)).toBe('casa de valores')
    expect(() => placeName(9)).toThrow(RangeError)
    expect(() => placeName(-1)).toThrow(RangeError)
  })
})

describe('team environments', () => {
  it('are eight images, 0 exploration to 7 bank', () => {
    expect(TEAM_ENVIRONMENTS.map((environment) => environment.key)).toEqual([
      'exploration',
      'extraction',
      'washing',
      'leaching',
      'foundry',
      'research',
      'stock',
      'bank',
    ])
    expect(TEAM_ENVIRONMENTS.every((environment, index) => environment.index === index)).toBe(true)
    expect(teamEnvironment(3).name).toBe('Lixiviación')
    expect(() => teamEnvironment(8)).toThrow(RangeError)
  })
})

describe('team generations', () => {
  it('are eight levels, all zero before anything is known', () => {
    expect(TEAM_GENERATIONS).toBe(8)
    expect(emptyGenerations()).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
  })

  it('give a fresh list each time so one view cannot change another', () => {
    const first = emptyGenerations()
    first[0] = 5
    expect(emptyGenerations()[0]).toBe(0)
  })
})
