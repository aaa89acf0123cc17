import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captchaSchema,
  emailCaptchaSchema,
  emailResultSchema,
  okSchema,
  REGISTRATION_DOC_MAX_BYTES,
  REGISTRATION_DOCS,
  registrationDraftSchema,
  registrationFormStateSchema,
  registrationInfoSchema,
  registrationQueryResultSchema,
  uploadedDocSchema,
} from '@portal/shared';
import { AppError } from '../../platform/errors.js';
import { acceptFileUploads, readFileUpload } from '../../platform/file-upload.js';
import { replies } from '../../platform/responses.js';
import { thisMachineOnly } from '../../platform/this-machine.js';
import type { Captchas } from '../../platform/captcha.js';
import type { RegistrationService } from './service.js';

const guidParams = z.object({ guid: z.string().max(64) });
const docParams = guidParams.extend({ doc: z.enum(REGISTRATION_DOCS) });
const PUBLIC = { authority: null };

/** Registration (log code 10003): captcha, verification mail, information form, uploads, progress. */
export const registrationRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService;
  captchas: Captchas;
  dev: boolean;
}> = async (app, { registration, captchas, dev }) => {
  // Multipart bodies are read by the upload route only (this plugin's scope); the rest stay JSON.
  await acceptFileUploads(app, REGISTRATION_DOC_MAX_BYTES);

  app.get(
    '/api/captcha',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'A new captcha image (SVG) and its id',
        response: replies(captchaSchema),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await captchas.create() };
    },
  );

  if (dev) {
    app.get(
      '/api/dev/captcha/:id',
      {
        config: PUBLIC,
        onRequest: thisMachineOnly,
        schema: {
          tags: ['development'],
          summary: 'The answer of a captcha, for browser tests (not in production; loopback callers only)',
          params: z.object({ id: z.string().max(64) }),
          response: replies(z.object({ answer: z.string() })),
        },
      },
      async (request) => {
        const answer = await captchas.peek(request.params.id);
        if (!answer) throw new AppError(404, 'NOT_FOUND');
        return { data: { answer } };
      },
    );
  }

  app.post(
    '/api/register',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'Mail a verification link to a root email',
        body: emailCaptchaSchema,
        response: replies(emailResultSchema),
      },
    },
    async (request) => ({ data: await registration.register(request.body, request.lang) }),
  );

  app.get(
    '/api/register/info/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'The registration form of a verification link',
        params: guidParams,
        response: replies(registrationFormStateSchema),
      },
    },
    async (request) => ({ data: await registration.form(request.params.guid) }),
  );

  app.put(
    '/api/register/info/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'Save the form as a draft',
        params: guidParams,
        body: registrationDraftSchema,
        response: replies(registrationFormStateSchema),
      },
    },
    async (request) => ({ data: await registration.saveDraft(request.params.guid, request.body) }),
  );

  app.post(
    '/api/register/info/:guid/submit',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'Submit the registration for review',
        params: guidParams,
        body: registrationInfoSchema,
        response: replies(registrationFormStateSchema),
      },
    },
    async (request) => ({ data: await registration.submit(request.params.guid, request.body) }),
  );

  app.put(
    '/api/register/info/:guid/docs/:doc',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'Upload a certificate (multipart "file"; PNG, JPEG, GIF, WebP or PDF up to 5 MB)',
        params: docParams,
        response: replies(uploadedDocSchema),
      },
    },
    async (request) => ({
      data: await registration.upload(request.params.guid, request.params.doc, await readFileUpload(request)),
    }),
  );

  app.delete(
    '/api/register/info/:guid/docs/:doc',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'Remove an uploaded certificate',
        params: docParams,
        response: replies(okSchema),
      },
    },
    async (request) => ({ data: await registration.deleteDoc(request.params.guid, request.params.doc) }),
  );

  app.post(
    '/api/register/query',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'Mail a link to the registration progress (once per 24 hours)',
        body: emailCaptchaSchema,
        response: replies(emailResultSchema),
      },
    },
    async (request) => ({ data: await registration.query(request.body, request.lang) }),
  );

  app.get(
    '/api/register/query/:guid',
    {
      config: PUBLIC,
      schema: {
        tags: ['registration'],
        summary: 'The registration progress of a mailed link',
        params: guidParams,
        response: replies(registrationQueryResultSchema),
      },
    },
    async (request) => ({ data: await registration.queryResult(request.params.guid) }),
  );
};
