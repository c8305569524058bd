/**
 * The body of every I/O actor stub in a machine's `setup()`: machines stay pure, and the real
 * logic is provided from src/ (or a fake in tests) through `.provide()`. Reaching this is a wiring
 * bug, so it throws with the actor's name.
 */
export function notProvided(name: string): never {
  throw new Error(`${name} not provided`)
}
