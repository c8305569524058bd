import { Hono } from 'hono'
import { defineEndpoint } from '../../../contract/endpoint'
import { endpoint } from '../../http/endpoint'
import { openApiDocumentShape, type OpenApiDocument } from '../../http/openapi'
import type { AppEnv } from '../../http/request-context'

/**
 * The document, declared here rather than in contract/endpoints/: it is for OpenAPI tools, and
 * the browser app never calls it.
 */
const getOpenApiDocument = defineEndpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document.',
  description:
    'Built from the route table and the metadata each route declares, once per process. docs/api.md is rendered from it.',
  auth: 'public',
  response: openApiDocumentShape,
  envelope: false,
  tags: ['openapi'],
})

/** Serves the document as it is (not in the envelope), so OpenAPI tools can read it. */
export function openApiRoutes(document: () => OpenApiDocument) {
  return new Hono<AppEnv>().get(...endpoint(getOpenApiDocument), (c) => c.json(document()))
}
