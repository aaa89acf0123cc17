import { describe, expect, it } from 'vitest';
import { parseLocation, parseRemote } from './bucket.js';

describe('bucket paths', () => {
  it('takes <bucket>:<key> as an object and anything else as a local path', () => {
    expect(parseRemote('logs-2026:app/today.log')).toEqual({ bucket: 'logs-2026', key: 'app/today.log' });
    expect(parseRemote('logs-2026:')).toEqual({ bucket: 'logs-2026', key: '' });
    expect(parseRemote('./today.log')).toBeNull();
    expect(parseRemote('dir/today.log')).toBeNull();
    // Not a bucket name before the colon: a local path.
    expect(parseRemote('C:/data.bin')).toBeNull();
    expect(parseRemote('Has_Caps:key')).toBeNull();
  });

  it('lists <bucket>[/<prefix>] or <bucket>:<prefix>', () => {
    expect(parseLocation('logs-2026')).toEqual({ bucket: 'logs-2026', key: '' });
    expect(parseLocation('logs-2026/app/2026')).toEqual({ bucket: 'logs-2026', key: 'app/2026' });
    expect(parseLocation('logs-2026:app/')).toEqual({ bucket: 'logs-2026', key: 'app/' });
  });
});
