import { priceCodes } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { osTemplates, priceItems, vms } from '../../db/schema/index.js';

/** The columns a VM's contract price is made from, its image's licence read with it (a join on the template). */
export const vmPricingColumns = {
  cpuCore: vms.cpuCore,
  ramSize: vms.ramSize,
  publicIp: vms.publicIp,
  autoPublicIp: vms.autoPublicIp,
  licensed: osTemplates.licensed,
};

/** What a VM's price depends on: its size, a licensed image, a public address. */
export const sizingOf = (vm: {
  cpuCore: number;
  ramSize: number;
  licensed: boolean;
  publicIp: string | null;
  autoPublicIp: boolean;
}) => ({
  cpuCore: vm.cpuCore,
  ramSize: vm.ramSize,
  licensed: vm.licensed,
  publicIp: vm.publicIp !== null || vm.autoPublicIp,
});

/** The price list of the day, by code. */
export const priceList = async (db: Db) =>
  priceCodes(await db.select({ code: priceItems.code, unitPrice: priceItems.unitPrice }).from(priceItems));
