import { describe, expect, it } from 'vitest';
import { diskRefusal, memoryRefusal, numbersOf } from './host-capacity.js';

const GIB_KIB = 1024 * 1024;

describe('host capacity', () => {
  it('reads virsh key and value lines', () => {
    const mem = numbersOf(
      'total  :   8388608 KiB\nfree   :   4194304 KiB\nbuffers:   0 KiB\ncached :   1024 KiB\n',
    );
    expect([...mem]).toEqual([
      ['total', 8388608],
      ['free', 4194304],
      ['buffers', 0],
      ['cached', 1024],
    ]);
    expect(numbersOf('Name:  portal\nAvailable:      53687091200\n').get('available')).toBe(53687091200);
  });

  const host = { totalKib: 8 * GIB_KIB, freeKib: 6 * GIB_KIB, buffersKib: 0, cachedKib: 0, committedKib: 0 };

  it('lets a guest start within what is free and uncommitted', () => {
    expect(memoryRefusal(host, 4, 512 * 1024)).toBeNull();
  });

  it('lets the guests commit more than the host has by the allocation ratio, never more than is free', () => {
    const busy = { ...host, totalKib: 8 * GIB_KIB, committedKib: 12 * GIB_KIB };
    expect(memoryRefusal(busy, 4, 512 * 1024)).toMatch(/^insufficient host memory/);
    expect(memoryRefusal(busy, 4, 512 * 1024, 2.5)).toBeNull();
    // What the kernel has free still has to hold the new guest.
    expect(memoryRefusal({ ...busy, freeKib: 2 * GIB_KIB }, 4, 512 * 1024, 2.5)).toBe(
      'insufficient host memory: 4096 MiB asked, 2048 MiB free',
    );
  });

  it('counts running guests at their full size and keeps the host reserve', () => {
    expect(memoryRefusal({ ...host, committedKib: 4 * GIB_KIB }, 4, 512 * 1024)).toBe(
      'insufficient host memory: 4096 MiB asked, 3584 MiB free',
    );
  });

  it("takes the kernel's free figure when it is lower", () => {
    expect(memoryRefusal({ ...host, freeKib: GIB_KIB }, 2, 0)).toBe(
      'insufficient host memory: 2048 MiB asked, 1024 MiB free',
    );
  });

  it('refuses volumes beyond the pool free space', () => {
    expect(diskRefusal('portal', 10 * 1024 ** 3, 10)).toBeNull();
    expect(diskRefusal('portal', 10 * 1024 ** 3, 11)).toBe(
      'insufficient space in pool portal: 11 GiB asked, 10.0 GiB free',
    );
  });
});
