import type { TFunction } from 'i18next';
import type { ObjectEntry } from '@portal/shared';
import type { CsvColumn } from '../../../lib/resource-kit/csv';
import { fileExtension } from './object-format';

/** A folder's entries as CSV: the name, the whole key, the type as the table says it, bytes and date. */
export const objectCsvColumns = (t: TFunction): CsvColumn<ObjectEntry>[] => [
  { header: t('bucketObjects:table.name'), text: (e) => e.name },
  { header: t('bucketObjects:csv.key'), text: (e) => e.key },
  {
    header: t('bucketObjects:table.type'),
    text: (e) =>
      e.type === 'folder'
        ? t('bucketObjects:type.folder')
        : (fileExtension(e.name) ?? t('bucketObjects:type.file')),
  },
  { header: t('bucketObjects:csv.bytes'), text: (e) => (e.size === null ? '' : String(e.size)) },
  { header: t('bucketObjects:table.lastModified'), text: (e) => e.lastModified ?? '' },
];
