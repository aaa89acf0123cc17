import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

/**
 * The journey on the libvirt driver (libvirt.spec.ts): real guests under QEMU on this host, on a
 * portal it starts itself (support/libvirt.ts), so none of the simulator portals' web servers. One
 * worker (one guest at a time is what a two-core host takes), no retry: a second run would only
 * repeat a real failure of the host or the driver, slower.
 */
export default defineConfig({
  ...journeys,
  testMatch: 'libvirt.spec.ts',
  testIgnore: undefined,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  outputDir: '../test-results/libvirt',
  webServer: undefined,
});
