// The writes `npm run load` saw acknowledged (a 2xx answer): tag changes, ticket replies, VM stops
// and starts, and the check that each is in the database after the run (LOAD_KILL_PID: an
// instance killed under the load must lose none of them).
import postgres from 'postgres';

/** What the virtual users tell as they get a 2xx for a change (session.mjs calls `wrote`). */
export function createLedger() {
  const tags = new Map();
  const replies = [];
  const power = [];
  let tagWrites = 0;
  return {
    /** `tag`: { vmUuid, value }; `reply`: { ticketUuid, text }; `power`: { vmUuid, kind, sentAt, ackedAt }. */
    wrote(kind, write) {
      if (kind === 'tag') {
        tagWrites++;
        tags.set(write.vmUuid, write.value);
      } else if (kind === 'reply') replies.push(write);
      else if (kind === 'power') power.push(write);
    },
    get counts() {
      return { tags: tagWrites, replies: replies.length, power: power.length };
    },
    tags,
    replies,
    power,
  };
}

/**
 * How many of the ledger's writes the database holds: for each VM the last acknowledged `reviewed`
 * tag, or a later one (a change in flight at a kill may have landed unacknowledged; values are ISO
 * times); each reply by its ticket and text; each stop or start as an operation of its kind on its
 * VM created between the request and its answer, and how many of those succeeded.
 */
export async function countKept(databaseUrl, ledger) {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const vmIds = [...ledger.tags.keys()];
    const rows = vmIds.length
      ? await db`select res_id::text as vm, value from resource_tags
          where res_type = 'vms' and key = 'reviewed' and res_id = any(${vmIds}::uuid[])`
      : [];
    const stored = new Map(rows.map((r) => [r.vm, r.value]));
    const tagsKept = vmIds.filter((vm) => (stored.get(vm) ?? '') >= ledger.tags.get(vm)).length;

    // Two users may send the same text to one ticket in the same millisecond: count each pair as often as sent.
    const sent = new Map();
    for (const r of ledger.replies) {
      const key = `${r.ticketUuid} ${r.text}`;
      sent.set(key, (sent.get(key) ?? 0) + 1);
    }
    const storedReplies = ledger.replies.length
      ? await db`select r.ticket_id::text as ticket, r.text, count(*)::int as n from ticket_responses r
          where r.ticket_id = any(${ledger.replies.map((r) => r.ticketUuid)}::uuid[])
            and r.text = any(${ledger.replies.map((r) => r.text)}::text[])
          group by 1, 2`
      : [];
    const repliesKept = storedReplies.reduce(
      (n, r) => n + Math.min(r.n, sent.get(`${r.ticket} ${r.text}`) ?? 0),
      0,
    );

    let powerKept = 0;
    let powerSucceeded = 0;
    for (const p of ledger.power) {
      const [op] = await db`select state from operations
        where resource_type = 'vms' and resource_id = ${p.vmUuid} and kind = ${p.kind}
          and created_at between ${new Date(p.sentAt - 1000)} and ${new Date(p.ackedAt + 1000)}
        order by created_at desc limit 1`;
      if (op) powerKept++;
      if (op?.state === 'succeeded') powerSucceeded++;
    }
    return {
      tags: { acknowledged: vmIds.length, writes: ledger.counts.tags, kept: tagsKept },
      replies: { acknowledged: ledger.replies.length, kept: repliesKept },
      power: { acknowledged: ledger.power.length, kept: powerKept, succeeded: powerSucceeded },
    };
  } finally {
    await db.end();
  }
}

/** The cloud operations not finished now, and which of them a worker of process `pid` holds (`<pid>-…`). */
export async function openOperations(databaseUrl, pid) {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await db`select id, worker from operations where state in ('queued', 'running')`;
    return {
      ids: rows.map((r) => r.id),
      held: rows.filter((r) => r.worker?.startsWith(`${pid}-`)).map((r) => r.id),
    };
  } finally {
    await db.end();
  }
}

/** Where those operations stand: state, worker, ms from `since` to their end, attempts. */
export async function operationsNow(databaseUrl, ids, since) {
  if (ids.length === 0) return [];
  const db = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows =
      await db`select id, kind, state, worker, attempts, finished_at from operations where id = any(${ids}::uuid[])`;
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      worker: r.worker,
      attempts: r.attempts,
      afterMs: r.finished_at ? r.finished_at.getTime() - since : null,
    }));
  } finally {
    await db.end();
  }
}
