import type { ErrorCode } from '@portal/shared';
import { allowed } from '../errors.js';
import type { ResourceContext } from './context.js';

/** The reads a row change needs of its repository (repository.ts). */
interface ChangedRows<Row, Dto> {
  forUpdate(ctx: ResourceContext, id: string): Promise<Row>;
  one(ctx: ResourceContext, id: string): Promise<Dto>;
}

/** The start of a change on its lifecycle (lifecycle.ts `begin`). */
interface ChangeStart<Verb extends string, Set> {
  begin(ctx: ResourceContext, id: string, verb: Verb, set: Set): Promise<void>;
}

/**
 * The handler of a change the cloud makes to one row and that asks nothing more than the shared
 * rule (docs/resource-kit.md, "A change the cloud must make"): the row locked, `rule` asked (`true`
 * or the refusal's code), `verb` begun with `set` (its transitional status), and the row answered
 * as the list sends it.
 */
export function rowChange<Row, Dto, Verb extends string, Set>(
  rows: ChangedRows<Row, Dto>,
  lifecycle: ChangeStart<Verb, Set>,
  verb: Verb,
  rule: (row: Row) => true | ErrorCode,
  set: Set,
) {
  return async (ctx: ResourceContext, id: string): Promise<Dto> => {
    allowed(rule(await rows.forUpdate(ctx, id)));
    await lifecycle.begin(ctx, id, verb, set);
    return rows.one(ctx, id);
  };
}
