import type { Context } from 'hono'
import { apiMessages } from '../../contract/messages'
import { DomainError } from '../services/errors'
import type { EndpointSpec } from './endpoint'

/**
 * How each accepted file type begins. A declared Content-Type proves nothing: the bytes must start
 * with the signature of that type, so a script named .png is refused.
 */
const SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  'image/png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/webp': (bytes) =>
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)
}

/** Whether a type can be declared in `endpoint({ upload })`: its bytes can be checked. */
export function isCheckableType(type: string): boolean {
  return Object.hasOwn(SIGNATURES, type)
}

/** Whether the bytes really are of the type (its signature), for any caller that stores files. */
export function hasSignatureOf(bytes: Uint8Array, type: string): boolean {
  return SIGNATURES[type]?.(bytes) ?? false
}

export type Upload = { bytes: Uint8Array; type: string }

/**
 * The file an upload route received. The request guard and the body limit already held it to the
 * declared types and size; here the bytes must really be of the declared type (400 otherwise).
 */
export async function readUpload(
  c: Pick<Context, 'req'> & { var: { readonly endpoint: EndpointSpec } },
): Promise<Upload> {
  const spec = c.var.endpoint.upload
  if (!spec) throw new Error('readUpload() on a route without endpoint({ upload })')
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  if (!spec.types.includes(type) || !hasSignatureOf(bytes, type)) {
    throw new DomainError(400, apiMessages.uploadInvalid)
  }
  return { bytes, type }
}
