/**
 * Mutants no test can tell apart from the machine, reviewed one by one: by machine, the mutant's
 * id (as `npm run mutate` prints it) and why it changes nothing a player, the app or the server
 * could observe. `npm run mutate` counts them apart and fails when one of them is killed.
 */
export const equivalentMutants: Record<string, Record<string, string>> = {
  live: {
    // XState v5 runs an emit after the transition's snapshot is written (actorScope.defer), and
    // these emitted events are fixed or read the event, never the context: in either order the
    // app receives the same event after the same context was assigned.
    'swap actions of active --stream.ended--> closed':
      'forget (assign) and tellSessionEnded (a fixed emit): the emit is deferred past the assign',
    'swap actions of active.streaming.open --stream.received':
      'setCursor (assign) and forward (emits the received event): the emit is deferred past the assign',
    'swap actions of active.streaming.open --stream.reload':
      'setCursor (assign) and tellReload (a fixed emit): the emit is deferred past the assign',
  },
}
