import { z } from 'zod';
import { pageQuerySchema } from './common.js';

/**
 * Pieces every console resource shares (ARCHITECTURE, "Rules every resource follows").
 *
 * `pendingOperation` names the change the cloud is working on (`start`, `resize`, `delete`, ...),
 * or null when none is: together with a transitional status it tells a page to keep polling, and
 * it lets a row say "Deleting" even where the spec's status list has no such value.
 */
export const pendingOperationSchema = z.string().nullable();

/** Why the last change failed, in the cloud's words (shown with an error status). */
export const statusReasonSchema = z.string().nullable();

/** The login password that confirms a destructive action (spec section 5), checked by the server. */
// Not trimmed: it is compared with the stored hash exactly as typed.
export const currentPasswordSchema = z
  .string({ error: 'validation.notEmpty' })
  .min(1, 'validation.notEmpty')
  .max(256);

export const destructiveBodySchema = z.object({ currentPassword: currentPasswordSchema });
export type DestructiveBody = z.infer<typeof destructiveBodySchema>;

/**
 * A list query of a resource: paging and sort (spec section 7) plus a free-text search. `sorts`
 * are the columns a list may be sorted by; each has an index on the server.
 */
export function resourceListQuery<S extends readonly [string, ...string[]]>(sorts: S) {
  return pageQuerySchema.extend({
    sort: z.enum(sorts).optional(),
    /** Part of the name, id or address, case-insensitive. */
    search: z.string().trim().max(64).optional(),
  });
}

/**
 * The id in a resource's path: any text up to 64 characters, so that one that is not a UUID
 * answers 404 like an id of no row (a reference in a body or a query is a zUuid: 400).
 */
export const uuidParamsSchema = z.object({ uuid: z.string().max(64) });
