/** The offline screen the service worker shows when a page cannot be loaded. */
export const offline = {
  title: 'Sin conexión',
  /** The offline screen's <title>. */
  documentTitle: 'Sin conexión · Tery',
  banner:
    'Sin conexión con el servidor. Lo que ves puede no estar al día y las acciones esperan; volveremos a conectarnos solos.',
  heading: 'No hay conexión',
  text: 'No pudimos cargar esta página porque no hay conexión con el servidor. Volverá a cargarse sola cuando la conexión regrese.',
  retry: 'Reintentar',
} as const
