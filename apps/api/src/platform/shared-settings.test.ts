import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { sharedSettingsWarning } from './shared-settings.js';

describe('the settings several instances must share', () => {
  it('names each one unset on PostgreSQL, and says nothing on the embedded database', () => {
    expect(sharedSettingsWarning(loadConfig({}))).toBeNull();
    const warning = sharedSettingsWarning(loadConfig({ DATABASE_URL: 'postgres://db/portal' }));
    for (const name of ['SECRETS_KEY', 'OPS_LINK_SECRET', 'REDIS_URL', 'S3_ENDPOINT'])
      expect(warning).toContain(name);
    const key = 'k'.repeat(32);
    const shared = {
      DATABASE_URL: 'postgres://db/portal',
      SECRETS_KEY: key,
      OPS_LINK_SECRET: key,
      REDIS_URL: 'redis://cache:6379',
      S3_ENDPOINT: 'http://s3:9000',
    };
    expect(sharedSettingsWarning(loadConfig(shared))).toBeNull();
    expect(sharedSettingsWarning(loadConfig({ ...shared, REDIS_URL: '' }))).toMatch(
      /^If other instances .*REDIS_URL \(/,
    );
  });
});
