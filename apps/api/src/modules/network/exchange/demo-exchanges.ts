import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { CcxType, CloudExchangeStatus, PublicCloudType, type CloudReason } from '@portal/shared';
import type { Db } from '../../../db/database.js';
import { cloudExchanges, publicCloudCredentials, simNetworkObjects, vpcs } from '../../../db/schema/index.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import { credentialContext } from './credential-resource.js';

const DAY = 86_400_000;

/**
 * The demo customer's cloud exchange: a done AWS Direct Connect and a done Azure ExpressRoute from
 * its first VPC, a GCP attachment the partner refused (0 available with the reason, to order
 * again), and an AWS credential (AWS's documentation key id, a secret drawn now and sealed) whose
 * VM list the simulated provider answers.
 */
export async function seedDemoExchanges(db: Db, clientId: string, secrets: SecretBox, now = new Date()) {
  const [vpc] = await db
    .select({ id: vpcs.id })
    .from(vpcs)
    .where(and(eq(vpcs.clientId, clientId)))
    .orderBy(asc(vpcs.createdAt))
    .limit(1);
  if (!vpc) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const rows = await db
    .insert(cloudExchanges)
    .values([
      {
        clientId,
        vpcId: vpc.id,
        provider: CcxType.AWS,
        pairKey: 'dxcon-fgq8x2ma',
        status: CloudExchangeStatus.DONE,
        createdAt: ago(40),
      },
      {
        clientId,
        vpcId: vpc.id,
        provider: CcxType.AZURE,
        pairKey: '3f9d2c71-5b8e-4e0a-9c1d-7a6b5e4f3d2c',
        status: CloudExchangeStatus.DONE,
        createdAt: ago(25),
      },
      {
        clientId,
        vpcId: vpc.id,
        provider: CcxType.GCP,
        pairKey: '9c1e5a2b-7d3f-4b8e-a6c0-2f4d8e1b3a57/asia-east1/1',
        status: CloudExchangeStatus.AVAILABLE,
        // Its pairing key expired at Google: a code, which the page words in its language (decision 0026).
        statusReason: 'CLOUD_PAIR_KEY_REJECTED' satisfies CloudReason,
        createdAt: ago(3),
      },
    ])
    .returning();
  // What the simulated cloud has programmed: the two connections that are up.
  await db.insert(simNetworkObjects).values(
    rows
      .filter((r) => r.status === CloudExchangeStatus.DONE)
      .map((r) => ({
        id: r.id,
        kind: 'exchange' as const,
        spec: { clientId, exchangeId: r.id, networkId: vpc.id, provider: r.provider, pairKey: r.pairKey },
      })),
  );
  await db.insert(publicCloudCredentials).values({
    clientId,
    type: PublicCloudType.AWS,
    keyId: 'AKIAIOSFODNN7EXAMPLE',
    secretSealed: secrets.seal(
      randomBytes(30).toString('base64'),
      credentialContext(clientId, PublicCloudType.AWS),
    ),
    createdAt: ago(40),
  });
}
