import fc from 'fast-check'
import * as v from 'valibot'

/**
 * fast-check arbitraries from the valibot schemas the routes validate with: values a schema
 * accepts (so a fuzz run reaches the handlers, not only the validator) and hostile values an
 * attacker would send. Only the schema kinds the contract uses are known; another kind throws,
 * naming it, so the generator grows with the contract instead of silently fuzzing less.
 */

type AnySchema = v.GenericSchema & {
  type: string
  pipe?: readonly { kind: string; type: string; requirement?: unknown }[]
  entries?: Record<string, AnySchema>
  wrapped?: AnySchema
  item?: AnySchema
  options?: readonly unknown[]
  literal?: unknown
  key?: AnySchema
  value?: AnySchema
}

/** The validations and transformations of a schema, nested pipes flattened, in order. */
function actionsOf(schema: AnySchema): { type: string; requirement?: unknown }[] {
  if (!schema.pipe) return []
  const [inner, ...actions] = schema.pipe
  return [...actionsOf(inner as unknown as AnySchema), ...actions]
}

function requirement<T>(schema: AnySchema, type: string): T | undefined {
  return actionsOf(schema).find((action) => action.type === type)?.requirement as T | undefined
}

/** Plain addresses valibot's email rule accepts (fast-check's RFC ones often are not). */
const simpleEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?$/),
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom('com', 'co', 'example', 'org'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)

function stringCandidates(schema: AnySchema): fc.Arbitrary<string> {
  const types = new Set(actionsOf(schema).map((action) => action.type))
  const pattern = requirement<RegExp>(schema, 'regex')
  if (types.has('email')) return simpleEmail
  // Random text is never a UUID: filtering it with `v.is` would search forever.
  if (types.has('uuid')) return fc.uuid()
  if (pattern) return fc.stringMatching(pattern)
  const minLength = requirement<number>(schema, 'min_length') ?? 0
  const maxLength = Math.min(requirement<number>(schema, 'max_length') ?? 40, minLength + 40)
  return fc.string({ minLength, maxLength, unit: 'grapheme' })
}

function numberCandidates(schema: AnySchema): fc.Arbitrary<number> {
  const min = requirement<number>(schema, 'min_value') ?? -1_000_000
  const max = requirement<number>(schema, 'max_value') ?? 1_000_000
  return actionsOf(schema).some(
    (action) => action.type === 'integer' || action.type === 'safe_integer',
  )
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/** Values the schema accepts (its whole pipe, checked with `v.is`). */
export function validValue(schema: AnySchema): fc.Arbitrary<unknown> {
  const accepted = (candidates: fc.Arbitrary<unknown>) =>
    candidates.filter((value) => v.is(schema, value))
  switch (schema.type) {
    case 'string':
      return accepted(stringCandidates(schema))
    case 'number':
      return accepted(numberCandidates(schema))
    case 'boolean':
      return accepted(fc.boolean())
    case 'literal':
      return fc.constant(schema.literal)
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...(schema.options ?? []))
    case 'null':
      return fc.constant(null)
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return fc.option(validValue(schema.wrapped as AnySchema), { nil: undefined })
    case 'nullable':
      return fc.option(validValue(schema.wrapped as AnySchema), { nil: null })
    case 'nullish':
      return fc.oneof(
        fc.constant(null),
        fc.constant(undefined),
        validValue(schema.wrapped as AnySchema),
      )
    case 'array':
      return accepted(fc.array(validValue(schema.item as AnySchema), { maxLength: 5 }))
    case 'union':
    case 'variant':
      return fc.oneof(...(schema.options as AnySchema[]).map((option) => validValue(option)))
    case 'record':
      return accepted(
        fc.dictionary(
          validValue(schema.key as AnySchema) as fc.Arbitrary<string>,
          validValue(schema.value as AnySchema),
          { maxKeys: 5 },
        ),
      )
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return accepted(validObject(schema))
    default:
      throw new Error(
        `the fuzz generator does not know valibot's '${schema.type}' schema: add it to tests/harness/arbitraries.ts`,
      )
  }
}

function validObject(schema: AnySchema): fc.Arbitrary<Record<string, unknown>> {
  const entries = schema.entries ?? {}
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, entry] of Object.entries(entries)) model[key] = validValue(entry)
  // An optional entry's arbitrary gives undefined sometimes; drop those keys as a client would.
  return fc
    .record(model)
    .map((value) =>
      Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)),
    )
}

/** Strings that break naive code: unicode of every kind, control characters, injections. */
const hostileStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u200b',
    '\u202eadmin',
    '\ufeff',
    'ñandú',
    'a\u0301',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🦀🇨🇴',
    '\ud800',
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%',
    '{{7*7}}',
    '${7*7}',
    '__proto__',
    'constructor',
    '0',
    '-1',
    '1e3',
    ' 5 ',
    '0x10',
    '1.5',
    'NaN',
    'Infinity',
    'true',
    'null',
  ),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ minLength: 256, maxLength: 4096 }),
)

/** Numbers that break amounts: negative, zero, fractional, huge, beyond the safe integers. */
const hostileNumbers = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    -0.000001,
    1e21,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** Any value of the wrong kind or at the edge of the right one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { arbitrary: hostileStrings, weight: 4 },
    { arbitrary: hostileNumbers, weight: 4 },
    { arbitrary: fc.constantFrom(null, true, false), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(hostileStrings, tie('value'), { maxKeys: 3 }), weight: 1 },
  ),
})).value

/** JSON text nested `depth` levels deep, in objects or arrays. */
function nested(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`
}

/** A body as sent: its text, and what kind of attack it is (for the report). */
export type FuzzBody = { kind: string; text: string }

/**
 * Bodies for an endpoint whose JSON body `schema` validates, around one valid `sample` body:
 * valid bodies from the schema, the sample with one field made hostile, missing or wrapped in an
 * array, prototype keys, whole bodies of the wrong shape, malformed or deeply nested JSON, and
 * bodies over the size limit `maxBytes`.
 */
export function bodyArbitrary(
  schema: AnySchema,
  sample: Record<string, unknown>,
  maxBytes: number,
): fc.Arbitrary<FuzzBody> {
  const keys = Object.keys(schema.entries ?? {})
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('campo')
  const json = (kind: string) => (value: unknown) => ({ kind, text: JSON.stringify(value) })
  const withField = (kind: string, value: fc.Arbitrary<unknown>) =>
    fc.tuple(key, value).map(([name, item]) => json(kind)({ ...sample, [name]: item }))
  return fc.oneof(
    { arbitrary: validValue(schema).map(json('valid')), weight: 3 },
    {
      arbitrary: fc.tuple(key, validValue(schema)).map(([name, valid]) =>
        json('sample with a valid field')({
          ...sample,
          [name]: (valid as Record<string, unknown>)[name],
        }),
      ),
      weight: 2,
    },
    { arbitrary: withField('hostile field', hostileValue), weight: 6 },
    {
      arbitrary: withField(
        'field as an array',
        key.map((name) => [sample[name]]),
      ),
      weight: 1,
    },
    {
      arbitrary: key.map((name) =>
        json('missing field')(
          Object.fromEntries(Object.entries(sample).filter(([k]) => k !== name)),
        ),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype').map((name) => ({
        kind: 'prototype key',
        // JSON.stringify cannot write an own __proto__ key: the text is written by hand.
        text: `{"${name}":{"isAdmin":true,"balance":999999,"prototype":{"isAdmin":true}},${JSON.stringify(sample).slice(1)}`,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom<unknown>(null, 42, 'texto', true, [], [sample], [[sample]])
        .map(json('body of the wrong shape')),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"a":',
          '{"a":1,}',
          "{'a':1}",
          'nul',
          '\ufeff{}',
          `${JSON.stringify(sample)} sobra`,
          '{"a":1}{"a":2}',
        )
        .map((text) => ({ kind: 'malformed JSON', text })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.integer({ min: 100, max: 7_000 }),
          fc.constantFrom('object' as const, 'array' as const),
        )
        .map(([depth, kind]) => ({ kind: 'deep nesting', text: nested(depth, kind) })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 2 * maxBytes }), fc.constantFrom('a', 'ñ', '🦀'))
        .map(([extra, unit]) => {
          const base = JSON.stringify(sample)
          const room = Math.max(0, maxBytes - Buffer.byteLength(base))
          const padding = unit.repeat(Math.ceil((room + extra) / Buffer.byteLength(unit)))
          return { kind: 'over the size limit', text: `{"relleno":"${padding}",${base.slice(1)}` }
        }),
      weight: 1,
    },
  )
}

/**
 * Percent-encodes every byte of the UTF-8 text (a lone surrogate becomes U+FFFD, as a browser
 * would send it; encodeURIComponent throws on one).
 */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

/** A path parameter: valid for its schema, or a hostile string, written into the URL encoded. */
export function paramArbitrary(schema: AnySchema | undefined): fc.Arbitrary<string> {
  const valid = schema ? (validValue(schema) as fc.Arbitrary<string>) : fc.string()
  return fc.oneof(
    valid.map(encodeSegment),
    hostileStrings.map(encodeSegment),
    // Raw bytes a client may put in a path without encoding them: lone %, dots, slashes.
    fc.constantFrom('%', '%zz', '..', '.', '%2F..%2F', '%00', 'a%c3', '%ff%fe'),
  )
}

/** A query string: declared parameters valid or hostile, unknown ones, repeated ones. */
export function queryArbitrary(schema: AnySchema | undefined): fc.Arbitrary<string> {
  const entries = Object.entries(schema?.entries ?? {})
  const declared = entries.map(([name, entry]) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof(
        validValue(entry).map((value) => (value === undefined ? '' : String(value))),
        hostileStrings,
      ),
    ),
  )
  const unknown = fc.tuple(hostileStrings, hostileStrings)
  return fc
    .array(declared.length > 0 ? fc.oneof(...declared, unknown) : unknown, { maxLength: 4 })
    .map((pairs) => {
      const search = new URLSearchParams()
      for (const [name, value] of pairs) search.append(name, value)
      const text = search.toString()
      return text ? `?${text}` : ''
    })
}
