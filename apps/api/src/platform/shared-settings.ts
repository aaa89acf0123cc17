import type { Config } from '../config.js';

/**
 * On PostgreSQL an instance may have siblings on the same database (decision 0027), and then some
 * settings must be the same on all of them: without these, each instance keeps its own. The
 * warning at start names those missing; a lone instance on PostgreSQL may ignore it.
 */
export function sharedSettingsWarning(
  config: Pick<Config, 'databaseUrl' | 'secretsKey' | 'opsLinkSecret' | 'redisUrl' | 's3'>,
): string | null {
  if (!config.databaseUrl) return null;
  const unshared = [
    !config.secretsKey && 'SECRETS_KEY (each would seal secrets with a key drawn in its own DATA_DIR)',
    !config.opsLinkSecret &&
      "OPS_LINK_SECRET (each would sign the operations console's links with its own key)",
    !config.redisUrl && 'REDIS_URL (each would count rate limits and sign-in failures on its own)',
    !config.s3.endpoint && 'S3_ENDPOINT (each would keep objects in an embedded store of its own)',
  ].filter((text): text is string => typeof text === 'string');
  if (unshared.length === 0) return null;
  return `If other instances serve this database, set the same on all of them: ${unshared.join('; ')}.`;
}
