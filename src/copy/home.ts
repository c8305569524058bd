/** /home, in es-CO Spanish. */

export const home = {
  greeting: (name: string) => `Hola, ${name}`,
  /** While the session that names the player is checked. */
  greetingPending: 'Hola',
  inviteTitle: 'Tu código de invitación',
  inviteText: 'Comparte este código: quienes se registren con él entran a tu equipo.',
  copy: 'COPIAR',
  copyLabel: 'Copiar código de invitación',
  copied: '¡Copiado!',
  copyFailed: 'No se pudo copiar',
  rewardsTitle: 'Recompensa por referido',
  rewards: (gems: string) =>
    `Por cada jugador que se registre con tu código recibes ${gems} ${gems === '1' ? 'gema' : 'gemas'}.`,
  rewardsFallback: 'Cada jugador que se registre con tu código suma gemas a tu equipo.',
} as const
