import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyBinary } from './cluster-start.mjs';
import { haproxyConfig } from './haproxy-config.mjs';

const config = haproxyConfig({
  bind: { host: '0.0.0.0', port: 8080 },
  servers: [
    { name: 'api-1', host: '10.0.0.11', port: 3000 },
    { name: 'api-2', host: '10.0.0.12', port: 3000 },
  ],
});
const haproxy = haproxyBinary();

describe('the HAProxy configuration of the production layout', () => {
  it('balances over the instances, checked on their readiness, the caller named by the edge', () => {
    const lines = config.split('\n').map((line) => line.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        'bind 0.0.0.0:8080',
        'balance roundrobin',
        'http-check send meth GET uri /api/health/ready ver HTTP/1.1 hdr Host portal-check',
        'http-check expect status 200',
        'server api-1 10.0.0.11:3000',
        'server api-2 10.0.0.12:3000',
        // A client's own X-Forwarded-For is dropped before the proxy adds the address it sees.
        'http-request del-header X-Forwarded-For',
        'option forwardfor',
        'retry-on conn-failure empty-response',
        // Only reads are sent again once an instance took them: a change may have been made.
        'http-request disable-l7-retry if !METH_GET',
        'timeout tunnel 1h',
      ]),
    );
    expect(lines.indexOf('http-request del-header X-Forwarded-For')).toBeLessThan(
      lines.indexOf('option forwardfor'),
    );
    // The log has the path alone: a console's ticket travels in the query.
    expect(config).not.toMatch(/option httplog|%r\b/);
  });

  it.skipIf(!haproxy)('is a configuration HAProxy accepts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-haproxy-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeFileSync(file, config);
      const check = spawnSync(haproxy, ['-c', '-f', file], { encoding: 'utf8' });
      expect(check.stdout + check.stderr).toContain('Configuration file is valid');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
