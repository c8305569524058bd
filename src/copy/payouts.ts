/** How a payout is named and explained (the explanation modal of /mine). */
export const payouts = {
  kinds: {
    'mine.collect': 'Recolección de la mina',
    'team.bonus': 'Bono de equipo',
    'rank.reward': 'Gemas de rango',
  } as Record<string, string>,
  otherKind: 'Pago',
  title: 'Cálculo del pago',
  loading: 'Cargando el cálculo…',
  failed: 'No pudimos cargar este pago.',
  amount: 'Recibiste',
  when: 'Fecha',
  close: 'CERRAR',
  fromLedger: 'Leído tal como quedó registrado en el libro de cuentas.',
  collect: {
    window: (from: string, to: string) => `Producción del ${from} al ${to}.`,
    mode: (currency: string, perDay: string) =>
      `Modo ${currency}: la mina completa produce ${perDay} al día; cada estación, su porcentaje por las horas que estuvo encendida.`,
    produced: (produced: string, capacity: string) =>
      `Se produjeron ${produced}; la mochila guarda hasta ${capacity}.`,
    capped: 'La mochila se llenó: lo que pasó de su capacidad no se guardó.',
    modeChange: 'Se recogió al cambiar el modo de minería.',
    byStation: 'Por estación',
  },
  bonus: {
    day: (day: string) => `Bono del día ${day}.`,
    earned: (gems: string) => `Tu equipo ganó ${gems} gemas ese día.`,
    pool: (percent: string, pool: string) =>
      `Tu rango da el ${percent}: ${pool} gemas si las nueve estaciones hubieran estado encendidas todo el día.`,
    byGeneration: 'Por generación',
    generation: (level: number) => `Nivel ${level}`,
    byStation: 'Por estación (horas encendida)',
    hours: (hours: string) => `${hours} h`,
  },
  rank: {
    reached: (rank: string) => `Alcanzaste el rango ${rank}.`,
    team: (team: string, direct: string) =>
      `Tu equipo tenía ${team} jugadores y ${direct} referidos directos.`,
  },
  other: 'Detalle registrado',
  parts: (name: string, amount: string) => `${name}: ${amount}`,
} as const
