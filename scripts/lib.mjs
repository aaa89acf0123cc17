// Helpers shared by the repo scripts: run a command, and make sure dependencies and the web build exist.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  return r.status ?? 1;
}

export function runAsync(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function must(status, what) {
  if (status !== 0) {
    console.error(`\n${what} failed (exit ${status}).`);
    process.exit(status || 1);
  }
}

/**
 * npm ci when node_modules is missing or older than the lock file. The dev dependencies are
 * included even with NODE_ENV=production in the shell (npm would leave them out): the web build
 * needs them.
 */
export function ensureDependencies() {
  const modules = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(modules) && statSync(modules).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)...');
  must(run('npm', ['ci', '--include=dev', '--no-audit', '--no-fund']), 'npm ci');
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');

/**
 * The environment of a web build: production whatever NODE_ENV the shell has. Vite takes
 * NODE_ENV=development from the shell and builds React's development build (twice the size).
 */
export function webBuildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

/** The NODE_ENV a build was made with (apps/web/vite-build-mode.ts), or undefined when unknown. */
export function builtMode(dist = WEB_DIST) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(dist, '.vite', 'build-mode.json'), 'utf8'));
    return typeof stamp.nodeEnv === 'string' ? stamp.nodeEnv : undefined;
  } catch {
    return undefined;
  }
}

/** Why the build in `dist` must be made again, or null when it is a production build of these sources. */
export function webBuildStale(dist, sourcesMtimeMs) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return 'no build yet';
  const mode = builtMode(dist);
  if (mode !== 'production')
    return mode ? `the last build was made for ${mode}` : 'the last build has no mode';
  if (statSync(index).mtimeMs < sourcesMtimeMs) return 'the sources changed';
  return null;
}

/**
 * Build the web app for production when its output is missing, older than its sources (or the
 * shared package's), or was made in another mode; fails when the build does not come out in
 * production mode.
 */
export function ensureWebBuild({ force = false } = {}) {
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'apps', 'web')),
    newestMtime(path.join(ROOT, 'packages', 'shared', 'src')),
  );
  const reason = force ? 'asked for' : webBuildStale(WEB_DIST, sources);
  if (reason === null) return;
  console.log(`Building the web app (${reason})...`);
  must(run('npm', ['run', 'build', '-w', 'apps/web'], { env: webBuildEnv() }), 'web build');
  const mode = builtMode();
  if (mode !== 'production') {
    console.error(`\nThe web build came out as ${mode ?? 'an unknown mode'}, not production.`);
    process.exit(1);
  }
}

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's old headless shell, which the journeys run in when it is there: the same engine without
 * the desktop browser around it, 6 % faster through the journeys here (e2e/playwright.config.ts).
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER_PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-noto-cjk'];
/** Flags that let Debian's Chromium run here: as root, with no GPU and no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, its headless shell and CJK fonts, installed with apt when absent and we may (root). */
export function ensureChromium() {
  const present = () =>
    [CHROMIUM, CHROMIUM_HEADLESS_SHELL, '/usr/share/fonts/opentype/noto'].every((p) => existsSync(p));
  if (present()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || spawnSync('which', ['apt-get']).status !== 0) {
    console.error(
      `Chromium is missing: install it with \`apt-get install -y ${BROWSER_PACKAGES.join(' ')}\`.`,
    );
    return existsSync(CHROMIUM);
  }
  console.log('Installing Chromium and CJK fonts from Debian...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  return run('apt-get', ['install', '-y', '-qq', ...BROWSER_PACKAGES], { env }) === 0 && present();
}

/**
 * Whether the libvirt driver's tests can run here, and why not: libvirt answers at LIBVIRT_URI
 * (scripts/libvirt/host-up.sh installs and starts it) and the small guest image is built
 * (scripts/libvirt/build-guest-image.sh). `.ci/run` makes CI's machine such a host where it can.
 */
export function libvirtHost() {
  const uri = process.env.LIBVIRT_URI || 'qemu:///system';
  const image = path.join(process.env.DATA_DIR || path.join(ROOT, 'data'), 'libvirt/images/tiny/vmlinuz');
  const virsh = spawnSync('virsh', ['-q', '-c', uri, 'uri'], { encoding: 'utf8', timeout: 15_000 });
  if (virsh.error) return { ready: false, reason: `virsh is not installed (${virsh.error.code})` };
  if (virsh.status !== 0)
    return { ready: false, reason: `libvirt does not answer at ${uri}: ${(virsh.stderr || '').trim()}` };
  if (!existsSync(image)) return { ready: false, reason: `no guest image at ${image}` };
  return { ready: true, reason: `libvirt at ${uri}` };
}
