import { afterEach, describe, expect, it } from 'vitest';
import { currentHashPath, currentRouteLogCode } from './current-route';

afterEach(() => {
  window.location.hash = '';
});

describe('current route', () => {
  it('reads the path of the hash route, without its query', () => {
    window.location.hash = '#/forgetPasswordDone?email=a%40b.co';
    expect(currentHashPath()).toBe('/forgetPasswordDone');
    window.location.hash = '';
    expect(currentHashPath()).toBe('/');
  });

  it('gives the log code of the route on screen, parameters included, and none for Home', () => {
    window.location.hash = '#/myInfo';
    expect(currentRouteLogCode()).toBe(10005);
    window.location.hash = '#/editSnapshotRule/42';
    expect(currentRouteLogCode()).toBe(10012);
    window.location.hash = '#/';
    expect(currentRouteLogCode()).toBeUndefined();
  });
});
