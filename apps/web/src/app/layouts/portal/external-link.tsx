import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { NEW_TAB } from '../../../lib/site-config';

/** A header link to the operator's other sites; opens a new tab and says so to screen readers. */
export function ExternalNavButton({
  href,
  children,
  testId,
}: {
  href: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      color="inherit"
      href={href}
      {...NEW_TAB}
      endIcon={<OpenInNew sx={{ fontSize: '0.9rem !important' }} />}
      aria-label={`${String(children)} (${t('opensNewWindow')})`}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
