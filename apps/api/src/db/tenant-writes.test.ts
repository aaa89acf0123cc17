import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tenantTables } from './tenant-scope.js';

/**
 * A cheap structural guard beside the tenant walk (test/tenant-walk.test.ts, decision 0031): every
 * change or delete of a tenant table's rows in the server's code says whose rows it means.
 * - Through a request's database (`ctx.db`, `tenant.db`): with `own(...)`, the tenant condition.
 * - Elsewhere (a helper, an operation's closing transaction): with `own`, the operation's row
 *   (`awaiting...(op)`, `op.resourceId`, `op.clientId`) or the table's `clientId` named by hand.
 * Writes that mean rows of any tenant on purpose are listed below by file and function, with why.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['modules', 'platform'];

/** `file#function`: writes that name no tenant on purpose. */
const ANY_TENANT: Record<string, string> = {
  'modules/alarms/routes.ts#pruneAlarmHistory': 'retention: history older than the kept days, of everyone',
  'modules/metrics/sampler.ts#rollUpVmMetrics': 'retention: totals older than the kept window, of everyone',
  'modules/tickets/ticket-files.ts#prune': 'retention: uploads never sent with a message, of everyone',
  'platform/expired-rows.ts#deleteExpired': 'retention: expired sessions and console tickets, of everyone',
  'modules/tickets/ticket-files.ts#upload': 'takes back the row it made a moment before (the store refused)',
  'modules/compute/snapshots/demo-snapshots.ts#protect': 'demo seed, on rows it just made',
  'modules/network/vpc/demo-vpcs.ts#seedDemoVpcs': 'demo seed, on rows it just made',
  'modules/network/firewall/rule-rows.ts#insertRules': 'demo seed, on the firewall it just made',
  'modules/compute/snapshots/rule-scheduler.ts#runOne':
    'the snapshot scheduler: a due rule it read, of any tenant',
  'modules/storage/bucket/bucket-measure.ts#measureBucket':
    'the measuring job: a bucket it read, of any tenant',
  'modules/orders/order-day.ts#vmOrderDay': 'the daily order job: an order it read, of any tenant',
  'modules/orders/order-day.ts#renew': 'the daily order job: an order it read, of any tenant',
  'modules/orders/ccis-orders.ts#catchUp': 'the storage contract job: an order it read, of any tenant',
  'platform/operations/operations.ts#claim':
    'the operations queue: an operation by id, for whichever worker runs it',
  'platform/operations/operations.ts#close':
    'the operations queue: an operation by id, for whichever worker runs it',
  'platform/operations/operations.ts#defer':
    'the operations queue: an operation by id, for whichever worker runs it',
  'platform/operations/operations.ts#run':
    'the operations queue: an operation by id, for whichever worker runs it',
  'modules/compute/vm-console-tickets.ts#redeemConsoleTicket': 'the one-use console ticket is the permission',
  'platform/sessions.ts#findByHash': 'a session found by its secret token',
  'platform/api-key-auth.ts#authenticate': 'an API key found by its secret, its last use noted',
  'modules/password/service.ts#setFromLink': 'a password set by its emailed link, before any sign-in',
  'modules/registration/service.ts#changeSlot': 'registration: no client exists yet',
  'modules/registration/service.ts#register': 'registration: no client exists yet',
  'modules/registration/service.ts#saveDraft': 'registration: no client exists yet',
  'modules/registration/service.ts#submit': 'registration: no client exists yet',
  'modules/registration/application-review.ts#approve': 'the operations console (staff), across customers',
  'modules/registration/application-review.ts#deny': 'the operations console (staff), across customers',
  'modules/tickets/ops-ticket-service.ts#change': 'the operations console (staff), across customers',
};

/** The tenant tables, by the name the code imports them under. */
const TENANT_TABLES = new Set(tenantTables().map(([name]) => name));

interface Write {
  site: string;
  key: string;
  table: string;
  receiver: string;
  where: string | undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The name of the nearest named function (declaration, method, or a function held by a name). */
function enclosingName(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) return at.name.getText();
    if (
      (ts.isArrowFunction(at) || ts.isFunctionExpression(at)) &&
      (ts.isVariableDeclaration(at.parent) || ts.isPropertyAssignment(at.parent)) &&
      at.parent.name
    )
      return at.parent.name.getText();
  }
  return '(top level)';
}

/** Every `.update(table)` / `.delete(table)` of a tenant table, with the condition of its chain. */
function tenantWrites(): Write[] {
  const writes: Write[] = [];
  for (const file of SCANNED.flatMap((dir) => sourceFiles(path.join(SRC, dir)))) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['update', 'delete'].includes(node.expression.name.text) &&
        node.arguments.length === 1
      ) {
        const argument = node.arguments[0]!;
        const table = (ts.isAsExpression(argument) ? argument.expression : argument).getText();
        if (TENANT_TABLES.has(table)) {
          let where: string | undefined;
          for (
            let at: ts.Node = node;
            ts.isPropertyAccessExpression(at.parent) ||
            (ts.isCallExpression(at.parent) && at.parent.expression === at);
            at = at.parent
          ) {
            const up = at.parent;
            if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression))
              if (up.expression.name.text === 'where')
                where = up.arguments.map((a) => a.getText()).join(', ');
          }
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          writes.push({
            site: `${relative}:${line} ${node.expression.name.text}(${table})`,
            key: `${relative}#${enclosingName(node)}`,
            table,
            receiver: node.expression.expression.getText(),
            where,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return writes;
}

const writes = tenantWrites();
const inRequest = (w: Write) => /\b(ctx|tenant)\.db$/.test(w.receiver);
const byOwn = (w: Write) => w.where !== undefined && /\bown\b/.test(w.where);
const namesTenant = (w: Write) =>
  w.where !== undefined &&
  (byOwn(w) ||
    /\bawaiting\w*\(|\bop\.(clientId|resourceId)\b/.test(w.where) ||
    new RegExp(`\\b${w.table}\\.clientId\\b`).test(w.where));

describe('writes to tenant tables', () => {
  it('finds the writes it guards (the scan reads the code)', () => {
    expect(writes.length).toBeGreaterThan(50);
    expect(writes.filter(inRequest).length).toBeGreaterThan(20);
  });

  it('through a request, name the tenant with own()', () => {
    expect(writes.filter((w) => inRequest(w) && !byOwn(w)).map((w) => w.site)).toEqual([]);
  });

  it('elsewhere, name the tenant, or are listed with why they mean any tenant', () => {
    const unnamed = writes.filter((w) => !namesTenant(w) && !(inRequest(w) || ANY_TENANT[w.key]));
    expect(unnamed.map((w) => `${w.site} in ${w.key}`)).toEqual([]);
  });

  it('lists no function that no longer writes without naming the tenant', () => {
    const used = new Set(writes.filter((w) => !namesTenant(w)).map((w) => w.key));
    expect(Object.keys(ANY_TENANT).filter((key) => !used.has(key))).toEqual([]);
  });
});
