import { emit } from 'xstate'
import type {
  ActionArgs,
  ActionFunction,
  AnyEventObject,
  EventObject,
  MachineContext,
  ParameterizedObject,
} from 'xstate'

/** Where an expression made by emitEvent keeps the type of the event it emits. */
const emittedTypeKey = 'emittedType'

/**
 * `emit()` for an event whose fields are computed (a toast with the server's message): the
 * type is given apart, as a literal, so the docs and the atlas can say what the machine causes
 * outside itself without running it. An event with fixed fields needs no helper:
 * `emit({ type: 'app.reload' })` is read as it is.
 */
export function emitEvent<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined,
  TEvent extends EventObject,
  TEmitted extends AnyEventObject,
  const TType extends TEmitted['type'],
>(
  type: TType,
  fields: (
    args: ActionArgs<TContext, TExpressionEvent, TEvent>,
    params: TParams,
  ) => Omit<Extract<TEmitted, { type: TType }>, 'type'>,
): ActionFunction<
  TContext,
  TExpressionEvent,
  TEvent,
  TParams,
  never,
  never,
  never,
  never,
  TEmitted
> {
  const expression = (args: ActionArgs<TContext, TExpressionEvent, TEvent>, params: TParams) =>
    ({ ...fields(args, params), type }) as unknown as TEmitted
  // `fields` rides along so that `npm run machines:diff` sees when the computed fields change.
  return emit<TContext, TExpressionEvent, TParams, TEvent, TEmitted>(
    Object.assign(expression, { [emittedTypeKey]: type, fields }),
  )
}

/**
 * The type of the event an action emits: read from `emit({ type })` or from `emitEvent(type,
 * ...)`. `null` for an emit whose type cannot be read (an `emit(() => ...)` expression), and
 * `undefined` for an action that emits nothing.
 */
export function emittedTypeOf(action: unknown): string | null | undefined {
  if (typeof action !== 'function') return undefined
  const { type, event } = action as { type?: unknown; event?: unknown }
  if (type !== 'xstate.emit') return undefined
  if (typeof event === 'function') {
    const marked: unknown = (event as unknown as Record<string, unknown>)[emittedTypeKey]
    return typeof marked === 'string' ? marked : null
  }
  if (typeof event === 'object' && event !== null && 'type' in event) {
    return String((event as { type: unknown }).type)
  }
  return null
}
