/** /shop and /shop/{product}, in es-CO Spanish. */

export const shop = {
  title: 'Tienda',
  intro:
    'Todo lo que puedes conseguir en Tery, con sus beneficios. Cada producto se adquiere en su pantalla.',
  loading: 'Cargando la tienda…',
  empty: 'La tienda no tiene productos por ahora.',
  failed: 'No pudimos cargar la tienda.',
  seeBenefits: 'VER BENEFICIOS',
  benefitsTitle: 'Beneficios',
  whereTitle: '¿Dónde se consigue?',
  whereText: 'Se adquiere en su propia pantalla, donde ves el precio y confirmas la compra.',
  back: 'Volver a la tienda',
} as const
