import type { TFunction } from 'i18next';
import { type PublicCloudCredential, PublicCloudType } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';

/**
 * A provider's credentials as CSV, with the fields its panel shows: what names each, never its
 * secret (the API does not send it, and no column asks for it).
 */
export function credentialCsvColumns(
  t: TFunction,
  type: PublicCloudType,
): CsvColumn<PublicCloudCredential>[] {
  const columns: CsvColumn<PublicCloudCredential>[] = [
    { header: t('exCloud:csv.provider'), text: (c) => t(`enums:publicCloudType.${c.type}`) },
    { header: t(`exCloud:credentials.keyId.${type}`), text: (c) => c.keyId },
  ];
  if (type === PublicCloudType.AZURE)
    columns.push({ header: t('exCloud:credentials.fields.directoryId'), text: (c) => c.directoryId ?? '' });
  if (type !== PublicCloudType.AWS)
    columns.push({
      header: t(
        type === PublicCloudType.GCP
          ? 'exCloud:credentials.projectId'
          : 'exCloud:credentials.fields.subscriptionId',
      ),
      text: (c) => c.subscriptionId ?? '',
    });
  columns.push({ header: t('exCloud:credentials.added'), text: (c) => c.createDate });
  return columns;
}
