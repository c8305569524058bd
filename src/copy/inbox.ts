import { formatCount, moneyOf } from '../../contract/money-text'

const gemAmount = moneyOf('gems')
const terydollarAmount = moneyOf('terydollars')

/** The welcome messages after login, and the maintenance/reactivation modal. */
export const inbox = {
  counter: (position: number, total: number) => `Mensaje ${position} de ${total}`,
  acknowledge: 'ENTENDIDO',
  acknowledging: 'Guardando…',
  messages: {
    weeklyReset: {
      title: '¡Empieza una nueva semana!',
      text: (week: string, gems: number) =>
        `La semana del ${week} tu equipo ganó ${gemAmount(gems)}. Enciende tus estaciones para que esta semana rinda aún más.`,
    },
    penalty: {
      title: 'Recibiste una penalización',
      text: (week: string, penalties: number) =>
        `La semana del ${week} no encendiste ninguna estación de tu mina. Mientras tu cuenta esté penalizada no cobras el bono de equipo y tus gemas no cuentan para tu equipo. Llevas ${formatCount(penalties, 'penalización', 'penalizaciones')}.`,
    },
    newRank: {
      title: '¡Subiste de rango!',
      text: (rank: string, percent: string) =>
        `Ahora eres ${rank}: recibes el ${percent} de lo que gana tu equipo. Reclama las gemas de tu rango en Progreso.`,
      link: 'Ir a Progreso',
    },
    gemsReceived: {
      title: 'Recibiste gemas',
      text: (from: string, amount: number) => `${from} te envió ${gemAmount(amount)}.`,
    },
    terydollarOrder: {
      approvedTitle: 'Tu compra de terydólares fue aprobada',
      approvedText: (amount: number) => `Acreditamos ${terydollarAmount(amount)} a tu cuenta.`,
      rejectedTitle: 'Tu compra de terydólares fue rechazada',
      rejectedText: (amount: number, reason: string | null) =>
        `No acreditamos los ${terydollarAmount(amount)} de tu orden.${reason ? ` Motivo: ${reason}` : ''}`,
      link: 'Ir a Batería',
    },
  },
  reactivation: {
    title: 'Cuenta en mantenimiento',
    text: 'Tu cuenta está penalizada por una semana sin encender estaciones: no cobras el bono de equipo y tus gemas no cuentan para tu equipo.',
    withSponsor: 'Para reactivarla, escribe el código de referido de quien te invitó.',
    withoutSponsor: 'Para reactivarla, escribe tu propio código de invitación.',
    code: 'Código de referido',
    submit: 'REACTIVAR',
    submitting: 'Reactivando…',
    later: 'Más tarde',
    done: 'Tu cuenta está activa de nuevo.',
  },
} as const
