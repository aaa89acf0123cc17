import type { TFunction } from 'i18next';
import type { BucketKey } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';

/**
 * A bucket's API keys as CSV: name, access key id, reach and date. A key's secret is shown once,
 * when it is made; the list never holds it, and no column asks for it.
 */
export const bucketKeyCsvColumns = (t: TFunction): CsvColumn<BucketKey>[] => [
  { header: t('bucket:keys.name'), text: (k) => k.name },
  { header: t('bucket:keys.accessKeyId'), text: (k) => k.accessKeyId },
  {
    header: t('bucket:keys.scope'),
    text: (k) => t(k.bucketName === null ? 'bucket:keys.allBuckets' : 'bucket:keys.thisBucket'),
  },
  { header: t('bucket:fields.createdAt'), text: (k) => k.createdAt },
];
