import { json } from './http';

/** The seeded price list (apps/api/drizzle/0005_seed_public_content.sql), as `GET /api/prices` answers it. */
export const SEEDED_PRICES = [
  { code: 'disk.ssd', unitPrice: '4.5000' },
  { code: 'disk.hdd', unitPrice: '1.8000' },
  { code: 'snapshot.storage', unitPrice: '1.5000' },
  { code: 'vpc.fixed.platinum', unitPrice: '180.0000' },
  { code: 'vpc.fixed.professional', unitPrice: '120.0000' },
  { code: 'vpc.p95', unitPrice: '150.0000' },
  { code: 'vpc.transfer', unitPrice: '2.4000' },
  { code: 'firewall.instance', unitPrice: '150.0000' },
  { code: 'lb.instance', unitPrice: '1.8000' },
  { code: 'lb.https', unitPrice: '0.6000' },
  { code: 'obs.storage', unitPrice: '0.7500' },
  { code: 'ccx.port', unitPrice: '6000.0000' },
];

/** The answer to the price list's request, or undefined for another path (for fakeApi). */
export const pricesAnswer = (url: URL) =>
  url.pathname === '/api/prices' ? json(200, { data: SEEDED_PRICES }) : undefined;
