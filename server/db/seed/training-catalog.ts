import type { TrainingTrack } from '../../../contract/training'

/** A lesson as it is published: its text and its quiz (with the index of the right option). */
export type CatalogLesson = {
  id: string
  track: TrainingTrack
  position: number
  title: string
  summary: string
  minutes: number
  sections: { heading: string; paragraphs: string[] }[]
  quiz: { question: string; options: string[]; answer: number }[]
}

/**
 * The training lessons, in Spanish (es-CO): the game's own content, published into
 * training_resources by the demo seed and by `npm run admin -- publish-trainings`.
 */
export const TRAINING_CATALOG: readonly CatalogLesson[] = [
  {
    id: 'guia-bienvenida',
    track: 'guide',
    position: 1,
    title: 'Bienvenido a Tery',
    summary: 'Qué es Tery, cuáles son sus monedas y cómo empiezas a ganar desde el primer día.',
    minutes: 3,
    sections: [
      {
        heading: 'Un juego para formar equipo',
        paragraphs: [
          'Tery es un juego en el que ganas monedas virtuales completando misiones, viendo videos, escuchando música y formando un equipo de referidos. Mientras más activo sea tu equipo, más fácil es ganar fragmentos de gema.',
          'Todo lo que haces queda registrado: cada moneda que recibes o gastas tiene un motivo que puedes consultar.',
        ],
      },
      {
        heading: 'Las cuatro monedas',
        paragraphs: [
          'Los terycarbonos son el combustible de tu mina. Las gemas (o fragmentos de gema) son la moneda más valiosa: se canjean en el mercado. La carga volta se gana con las listas de videos. Los terydólares se compran y se usan para comprar baterías.',
          'Recibes 100 terycarbonos de bienvenida para que pruebes la mina desde el primer día.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Qué moneda es el combustible de la mina?',
        options: ['Las gemas', 'Los terycarbonos', 'La carga volta'],
        answer: 1,
      },
      {
        question: '¿Cuál es la moneda que se canjea en el mercado?',
        options: ['Las gemas', 'Los terydólares', 'Los terycarbonos'],
        answer: 0,
      },
    ],
  },
  {
    id: 'guia-equipo-y-rangos',
    track: 'guide',
    position: 2,
    title: 'Tu equipo y tus rangos',
    summary: 'Cómo funciona tu código de invitación, las ocho generaciones y los doce rangos.',
    minutes: 4,
    sections: [
      {
        heading: 'Tu código de invitación',
        paragraphs: [
          'En Inicio encuentras tu código de invitación. Quien se registre con él entra a tu equipo y tú recibes gemas por cada nuevo jugador.',
          'Tu equipo llega hasta ocho generaciones: tus referidos, los referidos de ellos y así sucesivamente.',
        ],
      },
      {
        heading: 'Doce rangos',
        paragraphs: [
          'Hay doce rangos, de Bronce I a Platino III. Subes de rango cuando tu equipo y tus referidos directos alcanzan el número que pide cada rango.',
          'Cada rango te da un porcentaje de las gemas que gana tu equipo: 4 % en Bronce I y un punto más por rango, hasta 15 % en Platino III.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Hasta cuántas generaciones llega tu equipo?',
        options: ['Tres', 'Ocho', 'Doce'],
        answer: 1,
      },
      {
        question: '¿Qué porcentaje de las gemas de tu equipo recibes en Platino III?',
        options: ['4 %', '10 %', '15 %'],
        answer: 2,
      },
    ],
  },
  {
    id: 'guia-mina-y-estaciones',
    track: 'guide',
    position: 3,
    title: 'La mina y sus nueve estaciones',
    summary: 'Las estaciones de la mina, el combustible y lo que produce cada una.',
    minutes: 4,
    sections: [
      {
        heading: 'Nueve estaciones',
        paragraphs: [
          'Tu mina tiene nueve estaciones: Mina, Exploración, Extracción, Lavado, Lixiviación, Fundición, Investigación, Almacén y Banco. Cada una recibe una parte de la recompensa del equipo.',
          'El Banco es la estación que más reparte: el 35 % de la recompensa.',
        ],
      },
      {
        heading: 'Combustible y modos',
        paragraphs: [
          'Las estaciones funcionan con terycarbonos. Cuando se acaba el combustible, la mina se detiene hasta que vuelvas a cargarla.',
          'Puedes elegir el modo de minería: terycarbonos o gemas. Hay una opción especial que se desbloquea pagando terycarbonos una sola vez.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Qué estación reparte la mayor parte de la recompensa?',
        options: ['La Mina', 'El Banco', 'El Almacén'],
        answer: 1,
      },
      {
        question: '¿Qué pasa cuando se acaba el combustible?',
        options: ['La mina se detiene', 'La mina sigue igual', 'Pierdes tu rango'],
        answer: 0,
      },
    ],
  },
  {
    id: 'ganar-misiones',
    track: 'earn',
    position: 1,
    title: 'Misiones que sí pagan',
    summary: 'Cómo elegir misiones, registrar tu cuenta social y reclamar sin perder recompensas.',
    minutes: 4,
    sections: [
      {
        heading: 'Tu cuenta social',
        paragraphs: [
          'Para hacer misiones de YouTube, Instagram, Facebook o TikTok registras una cuenta por red. Mientras la revisamos aparece como pendiente; cuando queda verificada, ya puedes tomar misiones de esa red.',
          'Solo puedes tener una cuenta social registrada: usa la que de verdad usas todos los días.',
        ],
      },
      {
        heading: 'Toma solo lo que vas a terminar',
        paragraphs: [
          'Cada rango tiene un máximo de misiones por día. Tomar misiones que no terminas ocupa tu cupo sin darte nada.',
          'Reclama la recompensa apenas la misión quede verificada, así tu saldo crece el mismo día.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Cuántas cuentas sociales puedes registrar?',
        options: ['Una', 'Una por cada red', 'Las que quieras'],
        answer: 0,
      },
      {
        question: '¿Qué conviene hacer con las misiones del día?',
        options: [
          'Tomar todas aunque no las termines',
          'Tomar solo las que vas a terminar',
          'Esperar a la semana siguiente',
        ],
        answer: 1,
      },
    ],
  },
  {
    id: 'ganar-videos-y-musica',
    track: 'earn',
    position: 2,
    title: 'Videos y música',
    summary: 'Gana viendo videos completos y escuchando música de verdad, sin sanciones.',
    minutes: 3,
    sections: [
      {
        heading: 'Videos completos',
        paragraphs: [
          'Las misiones de video pagan solo cuando ves el video completo. Si lo adelantas o lo cierras, tendrás que empezar de nuevo.',
          'Las listas de videos acumulan carga volta, que reclamas cuando la lista termina.',
        ],
      },
      {
        heading: 'Música que cuenta',
        paragraphs: [
          'En la sección de música vinculas tu cuenta y sincronizas lo que escuchas. Cada reproducción aceptada suma terycarbonos, hasta un tope diario.',
          'Saltar canciones sin escucharlas o repetir la misma canción una y otra vez no cuenta, y puede darte una sanción.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Cuándo paga una misión de video?',
        options: ['Al abrirla', 'Al verla completa', 'Al compartirla'],
        answer: 1,
      },
      {
        question: '¿Qué puede darte una sanción en la sección de música?',
        options: [
          'Escuchar un álbum completo',
          'Saltar canciones sin escucharlas',
          'Sincronizar una vez al día',
        ],
        answer: 1,
      },
    ],
  },
  {
    id: 'ganar-sorteo',
    track: 'earn',
    position: 3,
    title: 'El sorteo semanal',
    summary: 'Cómo participar en el sorteo y cómo comprobar tú mismo que fue justo.',
    minutes: 3,
    sections: [
      {
        heading: 'Participar',
        paragraphs: [
          'Cada semana hay un sorteo. Participas con un boleto que se paga en terycarbonos, y las inscripciones cierran el domingo a las 8:00 p. m. (hora de Colombia).',
          'Al cerrar, los boletos se numeran en el orden en que llegaron y se elige el ganador.',
        ],
      },
      {
        heading: 'Un sorteo que puedes verificar',
        paragraphs: [
          'Antes de que cierren las inscripciones publicamos la huella (SHA-256) de una semilla secreta. Después del sorteo revelamos la semilla.',
          'Con la semilla y el número de boletos cualquiera puede calcular el boleto ganador. En la página del sorteo el botón VERIFICAR hace ese cálculo en tu navegador.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Qué se publica antes de que cierren las inscripciones?',
        options: ['El ganador', 'La huella de la semilla', 'La semilla'],
        answer: 1,
      },
      {
        question: '¿Qué necesitas para comprobar el ganador?',
        options: [
          'La semilla y el número de boletos',
          'La contraseña del sorteo',
          'Nada, hay que confiar',
        ],
        answer: 0,
      },
    ],
  },
  {
    id: 'ganar-constancia',
    track: 'earn',
    position: 4,
    title: 'La constancia gana',
    summary: 'Una rutina diaria sencilla para sacarle el máximo a Tery.',
    minutes: 3,
    sections: [
      {
        heading: 'Tu rutina de cada día',
        paragraphs: [
          'Entra una vez al día: revisa tus misiones, termina la lección de entrenamiento del día, sincroniza tu música y recoge lo que produjo tu mina.',
          'Diez minutos diarios rinden más que una hora una vez por semana, porque muchos cupos y topes son diarios.',
        ],
      },
      {
        heading: 'Acompaña a tu equipo',
        paragraphs: [
          'Tu equipo gana más cuando cada integrante sabe jugar. Comparte estas lecciones con tus referidos y resuelve sus dudas.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Por qué conviene entrar todos los días?',
        options: [
          'Porque muchos cupos y topes son diarios',
          'Porque si no, pierdes tu cuenta',
          'Porque las monedas vencen cada hora',
        ],
        answer: 0,
      },
      {
        question: '¿Qué ayuda a que tu equipo gane más?',
        options: [
          'Que cada integrante sepa jugar',
          'Cambiar de código cada día',
          'No invitar a nadie',
        ],
        answer: 0,
      },
    ],
  },
  {
    id: 'finanzas-presupuesto',
    track: 'finance',
    position: 1,
    title: 'Tu presupuesto personal',
    summary: 'Separa lo que necesitas de lo que quieres y decide cuánto puedes ahorrar.',
    minutes: 4,
    sections: [
      {
        heading: 'Ingresos y gastos',
        paragraphs: [
          'Un presupuesto empieza por anotar lo que entra y lo que sale en un mes. Separa los gastos fijos (arriendo, servicios, transporte) de los variables (salidas, antojos).',
          'Lo que ganes en un juego nunca debe reemplazar tus ingresos principales: trátalo como un extra.',
        ],
      },
      {
        heading: 'Primero ahórrate a ti',
        paragraphs: [
          'Apenas recibas un ingreso, separa una parte para ahorro antes de gastar. Aunque sea poco, el hábito es lo que cuenta.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Cómo debes tratar lo que ganas en un juego?',
        options: ['Como tu ingreso principal', 'Como un extra', 'Como una deuda'],
        answer: 1,
      },
      {
        question: '¿Cuándo conviene separar el ahorro?',
        options: ['Apenas recibes un ingreso', 'Al final del mes, si sobra', 'Nunca'],
        answer: 0,
      },
    ],
  },
  {
    id: 'finanzas-estafas',
    track: 'finance',
    position: 2,
    title: 'Cómo evitar estafas',
    summary: 'Las señales de alerta de las promesas de dinero fácil y cómo proteger tus cuentas.',
    minutes: 4,
    sections: [
      {
        heading: 'Señales de alerta',
        paragraphs: [
          'Desconfía de quien te promete ganancias seguras y altísimas, te presiona para decidir ya o te pide que traigas gente a cambio de recuperar tu dinero.',
          'Nadie de Tery te pedirá tu contraseña ni códigos que te lleguen por mensaje.',
        ],
      },
      {
        heading: 'Protege tus cuentas',
        paragraphs: [
          'Usa una contraseña distinta para cada servicio y no la compartas con nadie, ni siquiera con tu equipo.',
          'Antes de enviar gemas o dinero, confirma a quién le llegan.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Cuál es una señal de estafa?',
        options: [
          'Prometer ganancias seguras y altísimas',
          'Explicar los riesgos con claridad',
          'Darte tiempo para pensar',
        ],
        answer: 0,
      },
      {
        question: '¿Quién de Tery puede pedirte tu contraseña?',
        options: ['El soporte', 'Tu líder de equipo', 'Nadie'],
        answer: 2,
      },
    ],
  },
  {
    id: 'finanzas-cripto',
    track: 'finance',
    position: 3,
    title: 'Cripto sin sustos',
    summary: 'Billeteras, redes y comisiones antes de enviar o recibir criptomonedas.',
    minutes: 5,
    sections: [
      {
        heading: 'Billeteras y redes',
        paragraphs: [
          'Una dirección de billetera pertenece a una red. Si envías por una red distinta a la de la dirección, los fondos pueden perderse para siempre.',
          'Copia y pega las direcciones, y revisa los primeros y los últimos caracteres antes de confirmar.',
        ],
      },
      {
        heading: 'Comisiones y volatilidad',
        paragraphs: [
          'Cada envío paga una comisión de red que cambia según la congestión. Mira la comisión antes de confirmar.',
          'El precio de las criptomonedas sube y baja mucho: no pongas en ellas dinero que vayas a necesitar pronto.',
        ],
      },
    ],
    quiz: [
      {
        question: '¿Qué puede pasar si envías por una red distinta a la de la dirección?',
        options: ['Nada', 'Los fondos pueden perderse', 'El envío sale gratis'],
        answer: 1,
      },
      {
        question: '¿Qué debes revisar antes de confirmar un envío?',
        options: ['La dirección y la comisión', 'Solo el monto', 'El color de la billetera'],
        answer: 0,
      },
    ],
  },
]
