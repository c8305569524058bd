import type { Db } from '../../db/client'
import { localMusicPlays } from '../../db/schema'

/** The songs the local provider's simulated listeners play (made up for the demo). */
export const LOCAL_TRACKS = [
  {
    trackId: 'local-cumbia-del-minero',
    trackName: 'Cumbia del minero',
    artistName: 'Los Terycarbones',
    durationMs: 214_000,
  },
  {
    trackId: 'local-gema-de-medianoche',
    trackName: 'Gema de medianoche',
    artistName: 'Valeria Cuarzo',
    durationMs: 198_000,
  },
  {
    trackId: 'local-vallenato-de-la-veta',
    trackName: 'Vallenato de la veta',
    artistName: 'Acordeón Profundo',
    durationMs: 243_000,
  },
  {
    trackId: 'local-champeta-turbina',
    trackName: 'Champeta turbina',
    artistName: 'DJ Estación Nueve',
    durationMs: 187_000,
  },
  {
    trackId: 'local-bambuco-del-banco',
    trackName: 'Bambuco del banco',
    artistName: 'Trío Fundición',
    durationMs: 226_000,
  },
  {
    trackId: 'local-salsa-de-carga-volta',
    trackName: 'Salsa de carga volta',
    artistName: 'La Orquesta Volta',
    durationMs: 265_000,
  },
  {
    trackId: 'local-reggaeton-del-tunel',
    trackName: 'Reguetón del túnel',
    artistName: 'Mina Flow',
    durationMs: 201_000,
  },
  {
    trackId: 'local-porro-de-las-nueve',
    trackName: 'Porro de las nueve estaciones',
    artistName: 'Banda La Veta',
    durationMs: 232_000,
  },
  {
    trackId: 'local-merengue-del-almacen',
    trackName: 'Merengue del almacén',
    artistName: 'Los del Almacén',
    durationMs: 209_000,
  },
  {
    trackId: 'local-balada-del-cuarzo',
    trackName: 'Balada del cuarzo',
    artistName: 'Valeria Cuarzo',
    durationMs: 251_000,
  },
  {
    trackId: 'local-pasillo-de-la-lixiviacion',
    trackName: 'Pasillo de la lixiviación',
    artistName: 'Trío Fundición',
    durationMs: 189_000,
  },
  {
    trackId: 'local-electrocumbia-de-la-mina',
    trackName: 'Electrocumbia de la mina',
    artistName: 'Mina Flow',
    durationMs: 222_000,
  },
  {
    trackId: 'local-intro-estacion',
    trackName: 'Intro: Estación',
    artistName: 'DJ Estación Nueve',
    durationMs: 18_000,
  },
] as const

/** Minutes between two simulated plays: about one song after another. */
const MINUTES_BETWEEN_PLAYS = 3.5

/**
 * Records `count` plays on the local provider's account `email`, the last one at `now`, one song
 * after another through the catalog: what a listener of the simulated service would have played.
 */
export async function recordLocalPlays(
  db: Db,
  email: string,
  count: number,
  now: Date,
  options: { minutesBetween?: number } = {},
): Promise<number> {
  const step = (options.minutesBetween ?? MINUTES_BETWEEN_PLAYS) * 60_000
  const plays = Array.from({ length: count }, (_, index) => {
    const track = LOCAL_TRACKS[index % LOCAL_TRACKS.length] as (typeof LOCAL_TRACKS)[number]
    return {
      accountEmail: email,
      ...track,
      playedAt: new Date(now.getTime() - (count - 1 - index) * step),
    }
  })
  const inserted = await db
    .insert(localMusicPlays)
    .values(plays)
    .onConflictDoNothing()
    .returning({ playedAt: localMusicPlays.playedAt })
  return inserted.length
}
