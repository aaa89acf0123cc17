import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MetricWindow } from '@portal/shared';

/**
 * The chart window in the address (`?window=1h`, so reload and Back keep it); the default when
 * the address has none or one the page does not offer.
 */
export function useMetricWindow<W extends MetricWindow>(windows: readonly W[], fallback: W) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('window') as W | null;
  const window = asked && windows.includes(asked) ? asked : fallback;
  const setWindow = (next: W) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('window', next);
        return copy;
      },
      { replace: true },
    );
  return [window, setWindow] as const;
}

/** 15 min, 1 h, 12 h, 1 day (and 7 and 30 days where offered). */
export function MetricWindowSelect<W extends MetricWindow>({
  windows,
  value,
  onChange,
}: {
  windows: readonly W[];
  value: W;
  onChange: (window: W) => void;
}) {
  const { t } = useTranslation('metrics');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: W | null) => next && onChange(next)}
      aria-label={t('window.label')}
      // The whole width on a phone, each choice an equal share; as wide as its words elsewhere.
      sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
    >
      {windows.map((w) => (
        <ToggleButton
          key={w}
          value={w}
          data-testid={`metric-window-${w}`}
          sx={{ px: { xs: 0.5, sm: 1.25 }, flex: { xs: 1, sm: 'none' }, whiteSpace: 'nowrap' }}
        >
          {t(`window.${w}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
