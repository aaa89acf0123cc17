import { SEARCH_KINDS, type SearchKind } from '@portal/shared';
import type { SearchSource } from '../search-source.js';
import { alarmSource } from './alarm-source.js';
import { balancerSource } from './balancer-source.js';
import { bucketSource } from './bucket-source.js';
import { ccxSource } from './ccx-source.js';
import { cloudCredentialSource } from './cloud-credential-source.js';
import { cloudExchangeSource } from './cloud-exchange-source.js';
import { diskSource } from './disk-source.js';
import { firewallSource } from './firewall-source.js';
import { iamUserSource } from './iam-user-source.js';
import { ipSource } from './ip-source.js';
import { orderSource } from './order-source.js';
import { snapshotRuleSource } from './snapshot-rule-source.js';
import { snapshotSource } from './snapshot-source.js';
import { ticketSource } from './ticket-source.js';
import { vmSource } from './vm-source.js';
import { vpcSource } from './vpc-source.js';

/**
 * Every kind the console search finds, one declaration each. A new kind is a file
 * beside these, a line here and its name in SEARCH_KINDS (packages/shared); the answer keeps the
 * order of SEARCH_KINDS.
 */
const DECLARED: SearchSource[] = [
  vmSource,
  ipSource,
  diskSource,
  snapshotSource,
  snapshotRuleSource,
  vpcSource,
  firewallSource,
  balancerSource,
  ccxSource,
  cloudExchangeSource,
  cloudCredentialSource,
  bucketSource,
  alarmSource,
  orderSource,
  ticketSource,
  iamUserSource,
];

const byKind = new Map<SearchKind, SearchSource>(DECLARED.map((s) => [s.kind, s]));

export const SEARCH_SOURCES: readonly SearchSource[] = SEARCH_KINDS.flatMap((kind) => {
  const source = byKind.get(kind);
  return source ? [source] : [];
});
