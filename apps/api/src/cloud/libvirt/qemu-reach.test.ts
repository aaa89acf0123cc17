import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blockingAncestor, prepareQemuDirs } from './qemu-reach.js';

const made: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'qemu-reach-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const othersSearch = (dir: string) => (statSync(dir).mode & 0o001) !== 0;

describe('the directories QEMU reaches', () => {
  it('are made under DATA_DIR, which others may pass through (not list)', () => {
    const data = temp(); // mkdtemp: 0700
    prepareQemuDirs(data, [join(data, 'libvirt/run'), join(data, 'libvirt/pool')]);
    for (const dir of [data, join(data, 'libvirt'), join(data, 'libvirt/run'), join(data, 'libvirt/pool')])
      expect(othersSearch(dir), dir).toBe(true);
    expect(statSync(data).mode & 0o004).toBe(0);
  });

  it('stop the start with what to change when a directory above DATA_DIR is closed', () => {
    const closed = temp();
    const data = join(closed, 'data');
    mkdirSync(data);
    expect(blockingAncestor(data)).toBe(closed);
    expect(() => prepareQemuDirs(data, [join(data, 'libvirt/run')])).toThrow(`chmod o+x ${closed}`);
    expect(othersSearch(closed)).toBe(false);
  });

  it('refuse a directory outside DATA_DIR', () => {
    const data = temp();
    expect(() => prepareQemuDirs(data, [join(data, '../elsewhere')])).toThrow(/not under DATA_DIR/);
  });
});
