/**
 * Mutants no test can tell apart from the machine, reviewed one by one: by machine, the mutant's
 * id (as `npm run mutate` prints it) and why it changes nothing a player, the app or the server
 * could observe. `npm run mutate` counts them apart and fails when one of them is killed.
 */
export const equivalentMutants: Record<string, Record<string, string>> = {}
