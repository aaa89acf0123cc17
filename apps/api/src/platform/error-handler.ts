import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CONFIRM_PASSWORD_NOT_MATCH, ERROR_CODES, type ErrorCode } from '@portal/shared';
import { refusalOf, type ErrorMsg } from './errors.js';
import { fieldErrors } from './validation-errors.js';
import { setSecurityHeaders } from './security.js';

/** Codes for the statuses Fastify and its plugins raise themselves (docs/auth-api.md). */
const MSG_BY_STATUS: Record<number, ErrorMsg> = {
  400: 'FORMAT_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TRY_AGAIN_LATER',
};

/**
 * What Fastify answers before any route is found, in the API's envelope: a path whose escapes do
 * not decode to text (`%ED%A0%80`, half of a surrogate pair) is INVALID_CHARACTERS, like a NUL in a
 * path parameter, a query or a body; a path parameter over the router's length keeps its 414.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook has run for such a request: its answer gets the security headers here.
  setSecurityHeaders(request.raw, reply.raw);
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ msg: 'INVALID_CHARACTERS' });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ msg: MSG_BY_STATUS[status] ?? 'FORMAT_ERROR' });
  }
  reply.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ msg: 'INTERNAL_ERROR' });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ msg: 'NOT_FOUND' });
}

/**
 * Field rules the spec's catalogue gives a code of their own (section 8): a refusal whose problems
 * are all of one such rule answers that code rather than FORMAT_ERROR (every required field left
 * empty: FIELD_MUST_FILL_IN; a phone number: PHONE_FORMAT_ERROR; ...).
 */
const CODE_OF_RULE: Readonly<Record<string, ErrorCode>> = {
  'validation.needBeS3Bucket': 'ILLEGAL_BUCKET_NAME',
  'validation.keyTooLong': 'KEY_TOO_LONG',
  'validation.objectKeyPath': 'ILLEGAL_OBJECT_KEY',
  'validation.notEmpty': 'FIELD_MUST_FILL_IN',
  'validation.startAfterEnd': 'TIME_IS_ERROR',
  'validation.needBePhone': 'PHONE_FORMAT_ERROR',
  'validation.needBeMobile': 'PHONE_FORMAT_ERROR',
  'validation.needBeFormat.Email': 'EMAIL_DOES_NOT_CONFORM_TO_NORMALIZATION',
  'validation.needBeFormat.IPv4': 'IPv4_FORMAT_ERROR',
  'validation.needBeAccount': 'ACCOUNT_FORMAT_ERROR',
  'validation.needBeIamAccount': 'ACCOUNT_FORMAT_ERROR',
  [CONFIRM_PASSWORD_NOT_MATCH]: 'PASSWORDS_DO_NOT_MATCH',
};

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** A field's message `apiError.<code>` is that code's own rule (an IAM role that does not exist). */
const codeOfMessage = (message: string): ErrorCode | undefined => {
  const code = message.startsWith('apiError.') ? message.slice('apiError.'.length) : '';
  return CODES.has(code) ? (code as ErrorCode) : CODE_OF_RULE[message];
};

function codeOfFieldErrors(errors: { message: string }[]): ErrorCode {
  const codes = new Set(errors.map((e) => codeOfMessage(e.message)));
  const [only] = codes;
  return codes.size === 1 && only !== undefined ? only : 'FORMAT_ERROR';
}

/**
 * One error path for the whole API: schema failures are 400 FORMAT_ERROR with the field problems,
 * AppErrors answer their own status and code, a change that met another in the database is 409
 * CONFLICT (`refusalOf`), Fastify's own 4xx keep their status, and anything else is logged and
 * answered 500 with nothing of its insides.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const inputs = {
        body: request.body,
        querystring: request.query,
        params: request.params,
        headers: request.headers,
      };
      const context = error.validationContext ?? 'body';
      const input = inputs[context];
      // A change sent without its data at all (no body, or JSON null) is told so, not which fields.
      if (context === 'body' && (input === undefined || input === null)) {
        return reply.code(400).send({ msg: 'MISSING_DATA' });
      }
      const errors = fieldErrors(error.validation, input);
      return reply.code(400).send({ msg: codeOfFieldErrors(errors), errors });
    }
    const refusal = refusalOf(error);
    if (refusal) {
      // A change that met another in the database, not before it: worth knowing where (decision 0025).
      if (refusal !== error) request.log.warn({ err: error }, 'change met another at the same moment');
      const body = refusal.errors ? { msg: refusal.code, errors: refusal.errors } : { msg: refusal.code };
      return reply.code(refusal.status).headers(refusal.headers).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ msg: MSG_BY_STATUS[status] ?? 'FORMAT_ERROR' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ msg: 'INTERNAL_ERROR' });
  });
}
