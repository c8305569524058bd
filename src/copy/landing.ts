/** The landing page and its login form, in es-CO Spanish. */

export const landing = {
  eyebrow: 'Juego de minería',
  heroTitle: 'Mina, forma tu equipo',
  heroAccent: 'y gana gemas',
  heroText:
    'En Tery completas misiones, ves videos y construyes tu equipo de referidos para ganar terycarbonos, gemas, carga volta y terydólares.',
  highlights: [
    'Misiones diarias en tus redes sociales',
    'Un equipo minero de nueve estaciones',
    'Rangos de Bronce I a Platino III',
  ],
  openLogin: 'INICIAR SESIÓN',
  noAccount: '¿Aún no tienes cuenta?',
  signupLink: 'Regístrate con un código de referido',
} as const

export const login = {
  title: 'Iniciar sesión',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'INGRESAR',
  submitting: 'Ingresando…',
  close: 'Cerrar formulario',
  retryIn: (time: string) => `Podrás intentarlo de nuevo en ${time}`,
} as const
