import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX, OPERATION_ID_HEADER } from '@portal/shared';
import { isStaffAuthority, keyMayCall, SIGNED_IN, type RouteAuthority } from './authority-guard.js';

const HOW_TO_CALL = `Success answers are \`{ data }\`; refusals are \`{ msg }\` with a code of the error catalogue
(and \`errors\`, each field's message key, on a 400).

## Calling it from a script

Make an API key in the console (your account › API keys): it acts as you, within your roles and
the key's own scope, and never reaches the account, IAM or the keys. Send it as a bearer token,
never in an address:

\`\`\`sh
curl -H "Authorization: Bearer ${API_KEY_PREFIX}…" https://portal.example/api/vms?limit=20
curl -X POST -H "Authorization: Bearer ${API_KEY_PREFIX}…" https://portal.example/api/vms/<uuid>/stop -i
# the answer's ${OPERATION_ID_HEADER} names the cloud operation: GET /api/operations/<id>
\`\`\`

With the typed client generated from this document (\`packages/client\`):

\`\`\`ts
import { createPortalClient } from '@portal/client';
const portal = createPortalClient({ baseUrl: 'https://portal.example', key: process.env.PORTAL_KEY! });
const { data } = await portal.GET('/api/vms', { params: { query: { limit: 20 } } });
\`\`\`

Or the command line: \`portal login --key ${API_KEY_PREFIX}…\`, then \`portal vm list\`, \`portal vm stop <uuid> --wait\`.

Each operation says the authority it needs (\`x-authority\`), whether a key may call it
(\`x-api-keys\`) and the codes it answers besides 200 (\`x-error-codes\`).`;

/** The codes an operation answers by construction: the guard's, the validation's and its own. */
function errorCodes(
  authority: RouteAuthority,
  keys: boolean | undefined,
  own: Readonly<Partial<Record<number, readonly string[]>>>,
  body: boolean,
) {
  const codes: Record<string, string[]> = {
    400: [...(body ? ['FORMAT_ERROR', 'MISSING_DATA'] : []), 'INVALID_CHARACTERS', 'API_KEY_IN_URL'],
    429: ['TRY_AGAIN_LATER'],
  };
  if (authority !== null) {
    codes[401] = ['UNAUTHORIZED'];
    codes[403] = [
      ...(authority === SIGNED_IN ? [] : ['FORBIDDEN']),
      ...(isStaffAuthority(authority) || keyMayCall(authority, keys) ? [] : ['API_KEY_NOT_ALLOWED']),
    ];
  }
  // The route says at which status each of its own codes comes (a kind's 404 is not always *_NOT_FOUND).
  for (const [status, list] of Object.entries(own)) (codes[status] ??= []).push(...(list ?? []));
  return Object.fromEntries(Object.entries(codes).filter(([, list]) => list.length > 0));
}

/** OpenAPI built from the routes' zod schemas: the browser at /api/docs, the document at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Cloud Portal API', description: HOW_TO_CALL, version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    // The schemas the routes' refer to by name (a recursive one, the authority tree) as components.
    transformObject: jsonSchemaTransformObject,
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config ?? {};
      const authority = config.authority;
      if (authority === undefined) return out;
      const schema = out.schema as Record<string, unknown>;
      const keys =
        authority === null || isStaffAuthority(authority) ? false : keyMayCall(authority, config.keys);
      const needs =
        authority === null
          ? 'none (public)'
          : isStaffAuthority(authority)
            ? 'staff'
            : authority === SIGNED_IN
              ? 'signed in'
              : authority;
      const codes = errorCodes(authority, config.keys, config.errors ?? {}, Boolean(input.schema.body));
      const list = Object.entries(codes)
        .map(([status, names]) => `${status}: ${names.map((n) => `\`${n}\``).join(', ')}`)
        .join('; ');
      schema.description = [
        schema.description,
        `**Authority:** \`${needs}\` · **API keys:** ${keys ? 'yes' : 'no'} · **Codes:** ${list}`,
      ]
        .filter(Boolean)
        .join('\n\n');
      schema['x-authority'] = authority === null ? null : isStaffAuthority(authority) ? 'staff' : authority;
      schema['x-api-keys'] = keys;
      schema['x-error-codes'] = codes;
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
