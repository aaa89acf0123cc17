import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/**
 * A small icon button whose name is its tooltip and its label. One that can be disabled sits in a
 * span: a disabled button gets no pointer events, and the span keeps the tooltip alive.
 */
export function TipIconButton({
  title,
  icon,
  onClick,
  disabled,
  testId,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  const button = (
    <IconButton size="small" aria-label={title} disabled={disabled} onClick={onClick} data-testid={testId}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}
