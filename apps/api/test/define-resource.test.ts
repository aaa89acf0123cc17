import { describe, expect, it } from 'vitest';
import { diskContract } from '@portal/shared';
import { diskRows, listDisks } from '../src/modules/compute/disk-repository.js';
import { defineResource } from '../src/platform/resources/declaration.js';

const handler = { summary: 'test', handler: async () => ({}) as never };

/**
 * The API declares a resource's handlers against its shared contract (decision 0033): each
 * `@ts-expect-error` is a declaration the type check must refuse (were it accepted, the directive
 * itself would fail `npm run typecheck`).
 */
describe('defineResource', () => {
  it('takes the contract’s identity and bodies', () => {
    const disks = defineResource(diskContract, {
      rows: diskRows,
      list: listDisks,
      create: handler,
      update: handler,
      remove: handler,
      actions: { link: handler, unlink: handler },
    });
    expect(disks.type).toBe('disks');
    expect(disks.authority).toEqual({ view: 'compute/disk', manage: 'compute/disk/manage' });
    expect(disks.actions?.link?.body).toBe(diskContract.actions.link.body);
    expect(disks.remove?.password).toBe(true);
    expect(disks.notFound).toBe('DISK_NOT_FOUND');
  });

  it('refuses a missing or an undeclared handler', () => {
    const missing = () =>
      defineResource(diskContract, {
        rows: diskRows,
        list: listDisks,
        create: handler,
        update: handler,
        remove: handler,
        // @ts-expect-error the contract's unlink has no handler
        actions: { link: handler },
      });
    const extra = () =>
      defineResource(diskContract, {
        rows: diskRows,
        list: listDisks,
        create: handler,
        update: handler,
        remove: handler,
        // @ts-expect-error the contract declares no "attach" (it is "link")
        actions: { link: handler, unlink: handler, attach: handler },
      });
    expect([missing, extra]).toHaveLength(2);
  });

  it('refuses a resource without its rows', () => {
    expect(() =>
      defineResource(diskContract, {
        list: listDisks,
        create: handler,
        update: handler,
        remove: handler,
        actions: { link: handler, unlink: handler },
      }),
    ).toThrow('declare its rows');
  });
});
