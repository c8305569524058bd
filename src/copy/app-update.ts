/** A new version of the game, and the page shown when a page cannot be reached. */
export const appUpdate = {
  available: 'Hay una nueva versión',
  text: 'Recarga para jugar con la última versión del juego.',
  reload: 'Recargar',
  later: 'Ahora no',
} as const
