/** The live stream and the connection, as the signed-in player reads them (with its chunk). */
export const live = {
  offline:
    'Sin conexión con el servidor. Lo que ves puede no estar al día y las acciones esperan; volveremos a conectarnos solos.',
} as const
