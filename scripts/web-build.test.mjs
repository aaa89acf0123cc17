import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, builtMode, webBuildEnv, webBuildStale } from './lib.mjs';

const temps = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-web-build-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fake build folder: index.html written at `builtAt` (ms), with the mode stamp when given. */
function fakeBuild({ nodeEnv, builtAt = Date.now() }) {
  const dist = tempDir();
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  utimesSync(path.join(dist, 'index.html'), builtAt / 1000, builtAt / 1000);
  if (nodeEnv) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'build-mode.json'),
      JSON.stringify({ nodeEnv, mode: 'production' }),
    );
  }
  return dist;
}

describe('the web build for npm start', () => {
  it('builds with NODE_ENV=production whatever the shell has', () => {
    expect(webBuildEnv({ NODE_ENV: 'development', PATH: '/bin' })).toEqual({
      NODE_ENV: 'production',
      PATH: '/bin',
    });
    expect(webBuildEnv({}).NODE_ENV).toBe('production');
  });

  it('keeps a production build of the current sources', () => {
    const dist = fakeBuild({ nodeEnv: 'production' });
    expect(builtMode(dist)).toBe('production');
    expect(webBuildStale(dist, Date.now() - 60_000)).toBeNull();
  });

  it('rebuilds a build made in another mode, or of unknown mode', () => {
    expect(webBuildStale(fakeBuild({ nodeEnv: 'development' }), 0)).toMatch(/development/);
    expect(webBuildStale(fakeBuild({}), 0)).toMatch(/no mode/);
  });

  it('rebuilds when there is no build or the sources are newer', () => {
    expect(webBuildStale(tempDir(), 0)).toMatch(/no build/);
    const dist = fakeBuild({ nodeEnv: 'production', builtAt: Date.now() - 60_000 });
    expect(webBuildStale(dist, Date.now())).toMatch(/sources changed/);
  });

  // The real thing: Vite run from a shell with NODE_ENV=development, through webBuildEnv.
  it('makes React’s production build from a development shell', () => {
    const outDir = tempDir();
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
      cwd: path.join(ROOT, 'apps', 'web'),
      env: webBuildEnv({ ...process.env, NODE_ENV: 'development' }),
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(builtMode(outDir)).toBe('production');
    // React's development build warns about list keys; its production build has no such text.
    const scripts = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const devOnly = scripts.filter((f) =>
      readFileSync(path.join(outDir, 'assets', f), 'utf8').includes('should have a unique "key" prop'),
    );
    expect(devOnly).toEqual([]);
  });
});
