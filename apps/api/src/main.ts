import { loadConfig } from './config.js';
import { startServer } from './server.js';

const config = loadConfig();
const server = await startServer(config);

const lines = [
  `Cloud portal API listening on ${server.url} (${server.database.kind}, ${config.env})`,
  `API documentation: ${server.url}/api/docs`,
];
if (server.demo) {
  const { clientNumber, rootEmail, iamAccount, staffEmail, password, created } = server.demo;
  const codes = config.smtpUrl
    ? 'mailed over SMTP'
    : `in this log ("mail kept in outbox") and at ${server.url}/api/dev/outbox`;
  lines.push(
    `Demo tenant ${created ? 'created' : 'present'}: client number ${clientNumber}`,
    `  root user: ${rootEmail} (two-factor on; codes are ${codes})`,
    `  IAM user:  client number ${clientNumber}, account ${iamAccount} (read-only)`,
    `  staff:     ${staffEmail} at ${server.url}/#/ops/login (the operations console: reviews registrations)`,
    `  password:  ${password} for all three${created ? '' : ' (unless since changed)'}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);

// SIGTERM (a deploy, an orchestrator, the cluster script) drains: the proxy is told first, what is
// in flight finishes. SIGINT (Ctrl-C in a terminal) closes at once. Either way the process is gone
// within SHUTDOWN_TIMEOUT_MS: what still runs then is left to the leases and retries of the others.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    const startedAt = Date.now();
    setTimeout(() => {
      console.error(`Not stopped within ${config.shutdownTimeoutMs} ms of ${signal}: exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    (signal === 'SIGTERM' ? server.drain() : server.close()).then(
      () => {
        server.app.log.info({ signal, ms: Date.now() - startedAt }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
