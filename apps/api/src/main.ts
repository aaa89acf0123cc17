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

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
