import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Settings {
  url: string;
  key: string;
}

export const DEFAULT_URL = 'http://127.0.0.1:3000';

/** Where `portal login` keeps the URL and key: $PORTAL_CONFIG, else ~/.config/portal/config.json. */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.PORTAL_CONFIG) return env.PORTAL_CONFIG;
  const home = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(home, 'portal', 'config.json');
}

/** The saved settings, each overridden by PORTAL_URL / PORTAL_KEY; the key is undefined when none. */
export async function loadSettings(env: NodeJS.ProcessEnv): Promise<{ url: string; key?: string }> {
  let saved: Partial<Settings> = {};
  try {
    saved = JSON.parse(await readFile(configPath(env), 'utf8')) as Partial<Settings>;
  } catch {
    // No file yet (or not readable): nothing saved.
  }
  return { url: env.PORTAL_URL || saved.url || DEFAULT_URL, key: env.PORTAL_KEY || saved.key || undefined };
}

/** Saves the settings readable by the user alone (0600): the key is a secret. */
export async function saveSettings(env: NodeJS.ProcessEnv, settings: Settings): Promise<string> {
  const file = configPath(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}
