import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';

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
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNew sx={{ fontSize: '0.9rem !important' }} />}
      aria-label={`${String(children)} (${t('opensNewWindow')})`}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
