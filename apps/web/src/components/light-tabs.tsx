import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';

export type LightTab<T extends string> = { value: T; label: string; testId?: string };

type LightTabsProps<T extends string> = {
  /** Prefix of the tab ids: a tab is `${idPrefix}-${value}`, its panel `panelId`. */
  idPrefix: string;
  panelId: string;
  label: string;
  tabs: readonly LightTab<T>[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * Full-width tabs for a few fixed choices (the sign-in page's root and IAM forms), following the
 * WAI-ARIA tabs pattern: one tab in the tab order, arrow keys, Home and End move and select. The
 * indicator is a border, not a measured bar: MUI's Tabs measure themselves after mounting and
 * re-render at once, which on a phone blocked the first screen of the sign-in page for some
 * 100 ms. Use MUI's Tabs where tabs scroll or change.
 */
export function LightTabs<T extends string>({
  idPrefix,
  panelId,
  label,
  tabs,
  value,
  onChange,
}: LightTabsProps<T>) {
  const select = (index: number, event: KeyboardEvent<HTMLDivElement>) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.value);
    document.getElementById(`${idPrefix}-${tab.value}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    if (event.key === 'ArrowRight') select(current + 1, event);
    else if (event.key === 'ArrowLeft') select(current - 1, event);
    else if (event.key === 'Home') select(0, event);
    else if (event.key === 'End') select(tabs.length - 1, event);
  };
  return (
    <Box
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <Box
            key={tab.value}
            component="button"
            type="button"
            role="tab"
            id={`${idPrefix}-${tab.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            data-testid={tab.testId}
            onClick={() => onChange(tab.value)}
            sx={{
              flex: 1,
              minHeight: 48,
              px: 2,
              border: 0,
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              mb: '-1px',
              bgcolor: 'transparent',
              color: selected ? 'primary.main' : 'text.secondary',
              typography: 'button',
              cursor: 'pointer',
              transition: 'color 150ms, border-color 150ms',
              '&:hover': { color: 'primary.main' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {tab.label}
          </Box>
        );
      })}
    </Box>
  );
}
