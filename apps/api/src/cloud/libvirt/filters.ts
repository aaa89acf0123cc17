import type { FirewallSpec } from '../driver.js';
import {
  filterFirewalls,
  firewallFilterName,
  firewallFilterXml,
  serverFilterName,
  serverFilterXml,
} from './filter-xml.js';
import { isMissing, VIRSH_INPUT, type Virsh } from './virsh.js';

/**
 * The firewalls as libvirt network filters (decision 0037): a filter per firewall, a filter per
 * server naming its firewalls' filters. Defining a filter again changes it at once on every
 * running guest that uses it.
 */
export function createFilters(virsh: Virsh) {
  const define = (xml: string) => virsh.run(['nwfilter-define', VIRSH_INPUT], { input: xml });
  const undefine = (name: string) =>
    virsh.run(['nwfilter-undefine', name]).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });

  /** The firewalls the server's filter names; null when the server has no filter (made before them). */
  async function serverFirewalls(serverId: string): Promise<string[] | null> {
    try {
      return filterFirewalls(await virsh.run(['nwfilter-dumpxml', serverFilterName(serverId)]));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    defineFirewall: (spec: FirewallSpec) => define(firewallFilterXml(spec)),
    removeFirewall: (firewallId: string) => undefine(firewallFilterName(firewallId)),
    /** The server's filter with these firewalls, each defined first. */
    async defineServer(serverId: string, firewalls: FirewallSpec[]) {
      for (const firewall of firewalls) await define(firewallFilterXml(firewall));
      await define(
        serverFilterXml(
          serverId,
          firewalls.map((f) => f.firewallId),
        ),
      );
    },
    /** Adds or takes a firewall off the server's filter; a server without one is left as it is. */
    async changeServer(serverId: string, firewallId: string, join: boolean) {
      const current = await serverFirewalls(serverId);
      if (current === null) return;
      const next = current.filter((id) => id !== firewallId).concat(join ? [firewallId] : []);
      await define(serverFilterXml(serverId, next));
    },
    removeServer: (serverId: string) => undefine(serverFilterName(serverId)),
  };
}
