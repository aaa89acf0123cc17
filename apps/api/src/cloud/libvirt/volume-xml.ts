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

/**
 * A running domain's disks copied into files of the pool by QEMU itself (`virsh backup-begin`, push
 * mode): each named disk into its file as qcow2, every other disk left out.
 */
export function backupXml(copies: { target: string; file: string }[], others: string[]): string {
  return [
    '<domainbackup>',
    '  <disks>',
    ...copies.map(
      (c) =>
        `    <disk name='${xmlText(c.target)}' type='file'><target file='${xmlText(c.file)}'/><driver type='qcow2'/></disk>`,
    ),
    ...others.map((target) => `    <disk name='${xmlText(target)}' backup='no'/>`),
    '  </disks>',
    '</domainbackup>',
  ].join('\n');
}
