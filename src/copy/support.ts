/** /support, in es-CO Spanish. */

export const support = {
  title: '¿Necesitas ayuda?',
  text: 'Nuestro equipo de soporte responde tus dudas sobre misiones, recompensas, referidos y tu cuenta. Escríbenos por el chat y te atenderemos lo antes posible.',
  hours: 'Atención de lunes a domingo, de 8:00 a. m. a 8:00 p. m. (hora de Colombia).',
  assistant: 'Abrir el chat de soporte',
  loading: 'Cargando el chat de soporte…',
  failed: 'No pudimos cargar el enlace del chat.',
  unavailable: 'El chat de soporte no está disponible en este momento.',
} as const
