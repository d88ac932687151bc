import { endpoint } from './endpoint';

/**
 * GET openapi.json (addition): the API's reference as an OpenAPI 3.1 document, generated from the
 * endpoint declarations the server registered (src/server/http/openapi.ts). Any signed-in user may
 * read it (docs/decisions.md 'The API reference at /api/openapi.json').
 */
export const hentOpenApi = endpoint({
  method: 'GET',
  path: '/openapi.json',
  filTyper: ['application/json'],
});
