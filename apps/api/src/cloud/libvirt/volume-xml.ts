import { xmlText } from './xml-text.js';

const GIB = 1024 ** 3;

/** A volume's file name in the pool: the portal's id, so nothing a customer typed reaches libvirt. */
export const volumeName = (volumeId: string) => `${volumeId}.qcow2`;

/**
 * A snapshot's copy of one volume: its place in the snapshot (0 is the root) comes first, so the
 * pool's listing alone gives the order a VM made from the snapshot takes its volumes in.
 */
export const snapshotVolumeName = (snapshotId: string, index: number, volumeId: string) =>
  `snap-${snapshotId}-${index}-${volumeId}.qcow2`;

/** The copies of one snapshot among a pool's volume names, in order (root first). */
export function snapshotVolumes(snapshotId: string, names: string[]): { name: string; volumeId: string }[] {
  const prefix = `snap-${snapshotId}-`;
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith('.qcow2'))
    .map((name) => {
      const [index = '', ...rest] = name.slice(prefix.length, -'.qcow2'.length).split('-');
      return { name, index: Number(index), volumeId: rest.join('-') };
    })
    .filter((v) => Number.isInteger(v.index))
    .sort((a, b) => a.index - b.index)
    .map(({ name, volumeId }) => ({ name, volumeId }));
}

/** A qcow2 volume of the pool, thin: its capacity is what the guest sees, the file grows with use. */
export function volumeXml(name: string, sizeGb: number): string {
  return [
    '<volume type="file">',
    `  <name>${xmlText(name)}</name>`,
    `  <capacity unit="bytes">${Math.round(sizeGb * GIB)}</capacity>`,
    '  <allocation unit="bytes">0</allocation>',
    '  <target><format type="qcow2"/></target>',
    '</volume>',
  ].join('\n');
}
