import { expect, it } from 'vitest';
import { cloudReasonOf } from './cloud-reasons.js';

it("gives the simulator's and a hypervisor's words their code", () => {
  const cases: [string, string][] = [
    ['host hv-tch-02 stopped answering', 'CLOUD_HOST_UNRESPONSIVE'],
    ['server must be stopped to resize', 'CLOUD_SERVER_MUST_BE_STOPPED'],
    ['server must be stopped to restore', 'CLOUD_SERVER_MUST_BE_STOPPED'],
    ['server is not running', 'CLOUD_SERVER_NOT_RUNNING'],
    ['no capacity on the host', 'CLOUD_NO_CAPACITY'],
    ['no capacity for 3 nodes', 'CLOUD_NO_CAPACITY'],
    ['storage pool full', 'CLOUD_NO_CAPACITY'],
    ['no VLAN left', 'CLOUD_NO_CAPACITY'],
    ['no public address left', 'CLOUD_NO_CAPACITY'],
    ['no free address in the segment', 'CLOUD_NO_CAPACITY'],
    ['rule quota reached', 'CLOUD_NO_CAPACITY'],
    ['bandwidth pool exhausted', 'CLOUD_NO_CAPACITY'],
    ['network still has objects in it', 'CLOUD_STILL_IN_USE'],
    ['firewall still guards servers', 'CLOUD_STILL_IN_USE'],
    ['peer network not found', 'CLOUD_NOT_FOUND'],
    ['volume not found', 'CLOUD_NOT_FOUND'],
    ['pair key not found at the partner', 'CLOUD_PAIR_KEY_REJECTED'],
    ['pairing key expired', 'CLOUD_PAIR_KEY_REJECTED'],
    ['port busy', 'CLOUD_BUSY'],
    ['replica sync timed out', 'CLOUD_BUSY'],
    ['volume detach stuck', 'CLOUD_BUSY'],
    ['next hop is not an IPv4 address', 'CLOUD_INVALID_REQUEST'],
    ['unknown action: x.y', 'CLOUD_INVALID_REQUEST'],
    ['simulated failure', 'CLOUD_FAILED'],
    ['', 'CLOUD_FAILED'],
    ['CLOUD_BUSY', 'CLOUD_BUSY'],
  ];
  expect(cases.map(([words]) => [words, cloudReasonOf(words)])).toEqual(cases);
});
