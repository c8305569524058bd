/**
 * The long legal texts of /terms and /privacy_policies, in es-CO Spanish: their kilobytes load
 * with those two lazy pages, never on the landing's critical path.
 */

export type LegalSection = {
  heading: string
  paragraphs: readonly string[]
  items?: readonly string[]
}

export type LegalText = {
  updated: string
  intro: string
  sections: readonly LegalSection[]
}

export const termsText: LegalText = {
  updated: 'Última actualización: 22 de noviembre de 2026',
  intro:
    'Estos términos regulan el uso de Tery, un juego en línea en el que formas un equipo minero, completas misiones y acumulas monedas virtuales. Al crear una cuenta o seguir jugando aceptas lo que se explica aquí. Si no estás de acuerdo, no uses el juego.',
  sections: [
    {
      heading: '1. Quién puede jugar',
      paragraphs: [
        'Tery es para personas mayores de 18 años con capacidad para aceptar estos términos. Cada persona puede tener una sola cuenta, y para crearla necesita el código de referido de otro jugador.',
      ],
    },
    {
      heading: '2. Tu cuenta',
      paragraphs: [
        'Los datos que registras (nombre, correo electrónico y celular) deben ser reales y tuyos. Eres responsable de guardar tu contraseña y de lo que ocurra con tu cuenta. Si crees que alguien más entró a ella, cambia tu contraseña y escríbenos por SOPORTE.',
        'Podemos suspender o cerrar cuentas que incumplan estos términos, en especial las creadas en serie, con datos falsos o manejadas por programas automáticos.',
      ],
    },
    {
      heading: '3. Monedas virtuales',
      paragraphs: [
        'Los terycarbonos, las gemas (o fragmentos de gema), la carga volta y los terydólares son monedas virtuales del juego. Solo sirven dentro de Tery y según sus reglas.',
      ],
      items: [
        'No son dinero, ni depósitos, ni valores, ni una inversión, y no generan intereses.',
        'No tienen un valor en efectivo garantizado. Cuando el mercado del juego permite convertir gemas, la conversión depende de la disponibilidad, las comisiones y los límites vigentes en ese momento.',
        'Las cantidades, precios, comisiones y recompensas pueden cambiar para mantener el equilibrio del juego. Publicamos las reglas vigentes dentro del juego.',
        'Las monedas obtenidas por error, fraude o abuso de una falla pueden ser retiradas.',
      ],
    },
    {
      heading: '4. Referidos y equipos',
      paragraphs: [
        'Tu código de invitación permite que otras personas se unan a tu equipo. Las recompensas por referidos se entregan según las reglas publicadas en el juego.',
        'Está prohibido invitar con promesas de ganancias en dinero, enviar mensajes masivos no solicitados o registrar cuentas falsas para sumar referidos. Las recompensas obtenidas así se anulan.',
      ],
    },
    {
      heading: '5. Misiones y redes sociales',
      paragraphs: [
        'Algunas misiones te piden interactuar con contenidos en YouTube, Instagram, Facebook o TikTok. Puedes registrar una sola cuenta de red social por jugador, y debe ser tuya. El uso de esas plataformas se rige además por sus propias condiciones.',
      ],
    },
    {
      heading: '6. Conductas prohibidas',
      paragraphs: ['Para que el juego sea justo para cada jugador, no está permitido:'],
      items: [
        'Usar bots, scripts, emuladores o cualquier herramienta que automatice el juego.',
        'Tener más de una cuenta, o compartir o vender cuentas.',
        'Aprovechar fallas del juego en lugar de reportarlas.',
        'Suplantar a otras personas o a Tery.',
      ],
    },
    {
      heading: '7. Cambios y disponibilidad del servicio',
      paragraphs: [
        'Tery puede cambiar, pausar o terminar funciones del juego, y actualizar estos términos. Te avisaremos dentro del juego de los cambios importantes; si sigues jugando después del aviso, aceptas la nueva versión. Podemos hacer mantenimientos que interrumpan el servicio por un tiempo.',
      ],
    },
    {
      heading: '8. Responsabilidad',
      paragraphs: [
        'El juego se ofrece tal como está. En la medida que la ley lo permita, Tery no responde por pérdidas derivadas de la imposibilidad de jugar, de cambios en las reglas o del valor que alguien le atribuya a las monedas virtuales. Nada de esto limita los derechos que te da el Estatuto del Consumidor (Ley 1480 de 2011).',
      ],
    },
    {
      heading: '9. Ley aplicable y contacto',
      paragraphs: [
        'Estos términos se rigen por las leyes de la República de Colombia. Si tienes dudas, quejas o reclamos, escríbenos desde la sección SOPORTE del juego; te responderemos por el mismo medio.',
      ],
    },
  ],
}

export const privacyText: LegalText = {
  updated: 'Última actualización: 22 de noviembre de 2026',
  intro:
    'En Tery tratamos tus datos personales conforme a la Ley 1581 de 2012 de Colombia (protección de datos personales y habeas data) y su Decreto reglamentario 1377 de 2013. Esta política explica qué datos usamos, para qué y cómo puedes ejercer tus derechos.',
  sections: [
    {
      heading: '1. Responsable del tratamiento',
      paragraphs: [
        'El responsable de tus datos es el equipo que opera Tery. Puedes contactarnos en cualquier momento desde la sección SOPORTE del juego.',
      ],
    },
    {
      heading: '2. Datos que recogemos',
      paragraphs: [],
      items: [
        'Datos de registro: nombre, correo electrónico, número de celular y el código de referido de quien te invitó.',
        'Tu contraseña, que guardamos cifrada con un algoritmo de derivación de claves: nadie, ni siquiera nosotros, puede leerla.',
        'Actividad en el juego: rango, equipo, misiones, recompensas y movimientos de tus monedas virtuales.',
        'Datos técnicos mínimos para mantener tu sesión abierta y proteger el servicio, como una cookie de sesión y la dirección IP de los intentos de ingreso.',
      ],
    },
    {
      heading: '3. Para qué los usamos',
      paragraphs: [],
      items: [
        'Crear y administrar tu cuenta y tu equipo de referidos.',
        'Calcular y entregar las recompensas del juego.',
        'Prevenir fraudes, cuentas duplicadas y accesos no autorizados.',
        'Responder tus solicitudes de soporte y enviarte avisos sobre el servicio.',
      ],
    },
    {
      heading: '4. Cookies',
      paragraphs: [
        'Usamos una sola cookie necesaria para mantener tu sesión iniciada. No usamos cookies de publicidad ni de rastreo de terceros.',
      ],
    },
    {
      heading: '5. Con quién compartimos tus datos',
      paragraphs: [
        'No vendemos tus datos. Quien te invitó y los miembros de tu equipo pueden ver tu nombre y tu código de referido; tu correo electrónico solo se muestra si activas la opción de compartirlo en tu perfil. Solo entregamos datos a una autoridad cuando la ley nos lo exige.',
      ],
    },
    {
      heading: '6. Tus derechos (habeas data)',
      paragraphs: ['Como titular de tus datos tienes derecho a:'],
      items: [
        'Conocer, actualizar y rectificar tus datos personales.',
        'Pedir prueba de la autorización que nos diste.',
        'Ser informado sobre el uso que les damos.',
        'Revocar la autorización o pedir que eliminemos tus datos, cuando no exista un deber legal de conservarlos.',
        'Acceder gratis a tus datos.',
        'Presentar quejas ante la Superintendencia de Industria y Comercio (SIC).',
      ],
    },
    {
      heading: '7. Cómo ejercer tus derechos',
      paragraphs: [
        'Escríbenos desde la sección SOPORTE indicando tu nombre, el correo de tu cuenta y lo que solicitas. Respondemos las consultas en un máximo de diez (10) días hábiles y los reclamos en un máximo de quince (15) días hábiles, como lo establece la Ley 1581 de 2012.',
      ],
    },
    {
      heading: '8. Seguridad y conservación',
      paragraphs: [
        'Protegemos tus datos con medidas técnicas como conexiones cifradas, contraseñas cifradas y sesiones que vencen. Conservamos tus datos mientras tengas una cuenta activa y, después, solo el tiempo que exijan la ley o la atención de reclamos.',
      ],
    },
    {
      heading: '9. Menores de edad',
      paragraphs: [
        'Tery no está dirigido a menores de 18 años y no recogemos sus datos a sabiendas. Si detectamos una cuenta de un menor, la cerramos y eliminamos sus datos.',
      ],
    },
    {
      heading: '10. Cambios a esta política',
      paragraphs: [
        'Si cambiamos esta política te lo avisaremos dentro del juego antes de aplicar los cambios.',
      ],
    },
  ],
}
