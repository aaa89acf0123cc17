import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { type BulkOutcome, runBulk } from './bulk-run';

describe('runBulk', () => {
  it('runs each allowed row, skips refused ones with the rule’s reason and reports failures per row', async () => {
    const updates: [number, BulkOutcome['status']][] = [];
    const ran: number[] = [];
    const outcomes = await runBulk(
      [1, 2, 3, 4],
      (n) => (n === 2 ? 'VM_STATUS_ERROR' : true),
      async (n) => {
        ran.push(n);
        if (n === 3) throw new ApiError(400, 'VM_NEED_SHUTDOWN');
        if (n === 4) throw new ApiError(500, 'INTERNAL_ERROR');
      },
      (index, outcome) => updates.push([index, outcome.status]),
      2,
    );
    expect(ran.sort()).toEqual([1, 3, 4]);
    expect(outcomes).toEqual([
      { status: 'done' },
      { status: 'skipped', message: 'apiError.VM_STATUS_ERROR' },
      { status: 'failed', message: 'apiError.VM_NEED_SHUTDOWN' },
      { status: 'failed', message: 'apiError.unexpectedServerError' },
    ]);
    // Each row was reported running before its result.
    expect(updates.filter(([i]) => i === 0).map(([, s]) => s)).toEqual(['running', 'done']);
  });

  it('never runs more rows at once than asked', async () => {
    let running = 0;
    let most = 0;
    await runBulk(
      Array.from({ length: 7 }, (_, i) => i),
      () => true,
      async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      },
      () => undefined,
      3,
    );
    expect(most).toBe(3);
  });
});
