import { type ApiKeyGrant, apiKeyCreateSchema, canExpireAt } from '@portal/shared';

/** The create form's values: the body as sent, `scope` null for everything the user may do. */
export interface ApiKeyForm {
  name: string;
  expiresAt: string;
  scope: ApiKeyGrant[] | null;
}

/**
 * The shared body's schema, with the key's end checked by the shared rule against the clock as
 * the form is sent (after now, at most a year ahead), as the server checks it.
 */
export const apiKeyFormSchema = apiKeyCreateSchema.extend({
  expiresAt: apiKeyCreateSchema.shape.expiresAt.refine(
    (at) => canExpireAt(at, new Date()) === true,
    'validation.apiKeyExpiry',
  ),
});

/** Whether a server's field problem names one of the form's fields (`scope.0.level` is the scope's). */
export const isFormField = (path: string) =>
  path === 'name' || path === 'expiresAt' || path === 'scope' || path.startsWith('scope.');
