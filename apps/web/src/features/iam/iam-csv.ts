import type { TFunction } from 'i18next';
import type { IamUser } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';

/** The IAM user list as CSV: what the table shows, in the reader's language; never a password. */
export const iamCsvColumns = (t: TFunction): CsvColumn<IamUser>[] => [
  { header: t('iam:fields.account'), text: (u) => u.account },
  {
    header: t('iam:fields.roles'),
    text: (u) => u.roles.map((r) => t(`roles:names.${r}`, { defaultValue: r })).join(', '),
  },
  { header: t('iam:fields.email'), text: (u) => u.email },
  { header: t('iam:fields.lastSetPasswordDate'), text: (u) => u.lastSetPasswordDate ?? '' },
  { header: t('iam:fields.lastLoginDate'), text: (u) => u.lastLoginDate ?? '' },
  {
    header: t('iam:fields.enableTwoFactor'),
    text: (u) => t(u.enableTwoFactor ? 'iam:values.on' : 'iam:values.off'),
  },
  { header: t('iam:fields.status'), text: (u) => t(u.isLock ? 'iam:values.locked' : 'iam:values.active') },
];
