import { moneyOf } from '../../contract/money-text'

const gemAmount = moneyOf('gems')

/** /market in es-CO Spanish: gem conversion, wallets, history and sending gems. */

export const market = {
  title: 'Canjear',
  intro: 'Convierte tus gemas en dinero o envíalas a otro jugador.',

  conversionTitle: 'Convertir gemas',
  yourGems: (gems: number) => `Tienes ${gemAmount(gems)}.`,
  rate: (cents: string) => `Cada gema vale ${cents}.`,
  feeRule: (percent: string) => `Comisión: ${percent} de las gemas que conviertes.`,
  methodsLegend: 'Métodos de pago',
  amountLabel: 'Gemas a convertir',
  amountHint: (min: string, max: number) => `Entre ${min} y ${gemAmount(max)} por canje.`,
  convert: 'CALCULAR',
  converting: 'Calculando…',
  quoteTitle: 'Tu canje',
  quoteGems: 'Gemas',
  quoteFee: 'Comisión',
  quoteNet: 'Gemas convertidas',
  quoteValue: 'Recibes',
  payTo: (method: string, address: string) => `Te pagamos por ${method} a ${address}`,
  needsWallet: (method: string) => `Agrega tu billetera de ${method} para reclamar el dinero.`,
  claim: 'RECLAMAR',
  claiming: 'Reclamando…',
  edit: 'EDITAR',
  claimed: (value: string, method: string) =>
    `Canje solicitado: te enviaremos ${value} por ${method}. Verás el estado en tu historial.`,
  another: 'NUEVO CANJE',

  walletsTitle: 'Billeteras',
  walletsIntro: 'Una billetera por método de pago: ahí te enviamos el dinero de tus canjes.',
  loadingWallets: 'Cargando tus billeteras…',
  walletsFailed: 'No pudimos cargar tus billeteras.',
  noWallet: 'Sin billetera',
  addWallet: (method: string) => `Agregar ${method}`,
  changeWallet: (method: string) => `Cambiar ${method}`,
  walletFormTitle: (method: string) => `Billetera de ${method}`,
  saveWallet: 'GUARDAR',
  savingWallet: 'Guardando…',
  cancel: 'CANCELAR',
  cryptoAdviceTitle: 'Antes de agregar una billetera de criptomonedas',
  cryptoAdvice: [
    'Copia y pega la dirección: un solo carácter distinto y el dinero se pierde.',
    'Bitcoin se envía por la red Bitcoin; USDT solo por la red TRON (TRC20). Otra red no llega.',
    'No uses la dirección de depósito de un exchange que no acepte esa red.',
    'Las comisiones de la red las descuenta el envío; los pagos pequeños pueden tardar en confirmarse.',
    'Nunca compartas tu frase semilla ni tus claves privadas: Tery jamás te las pedirá.',
  ],

  historyTitle: 'Historial de canjes',
  loadingHistory: 'Cargando tu historial…',
  historyFailed: 'No pudimos cargar tu historial.',
  noHistory: 'Aún no has canjeado gemas.',
  payoutLine: (gems: number, value: string, method: string) =>
    `${gemAmount(gems)} → ${value} por ${method}`,
  payoutStates: { pending: 'Pendiente', sent: 'Pagado', rejected: 'Rechazado' },

  sendTitle: 'Enviar gemas',
  sendIntro: 'Envía gemas a otro jugador con su código de invitación.',
  codeLabel: 'Código de destino',
  gemsLabel: 'Gemas a enviar',
  holdNote: (from: number, hours: string) =>
    `Los envíos desde ${gemAmount(from)} llegan ${hours} horas después, por seguridad.`,
  review: 'CONTINUAR',
  lookingUp: 'Buscando jugador…',
  confirmTitle: 'Confirma el envío',
  confirmText: (gems: number, name: string, code: string) =>
    `Vas a enviar ${gemAmount(gems)} a ${name} (${code}).`,
  send: 'ENVIAR',
  sending: 'Enviando…',
  back: 'VOLVER',
  sent: (gems: number, name: string) => `Enviaste ${gemAmount(gems)} a ${name}.`,
  pending: (gems: number, name: string, date: string) =>
    `Tus ${gemAmount(gems)} para ${name} llegarán el ${date}.`,
  sendMore: 'ENVIAR MÁS',

  sendHistoryTitle: 'Historial de envíos',
  noTransfers: 'Aún no has enviado ni recibido gemas.',
  transferSent: (gems: number, name: string) => `Enviaste ${gemAmount(gems)} a ${name}`,
  transferReceived: (gems: number, name: string) => `Recibiste ${gemAmount(gems)} de ${name}`,
  transferStates: { pending: 'Pendiente', sent: 'Enviado' },
  arrives: (date: string) => `Llega el ${date}`,
} as const
