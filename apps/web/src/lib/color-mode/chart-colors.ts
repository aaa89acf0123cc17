import { useTheme } from '@mui/material/styles';
import type { ColorScheme } from './color-mode';

export type ChartColor =
  'blue' | 'purple' | 'green' | 'orange' | 'lightBlue' | 'red' | 'blueGrey' | 'brown' | 'teal' | 'indigo';

/**
 * The colours of chart lines, bars and legend swatches, per scheme: Material's 700 shades on
 * light pages, its 200-300 shades on dark ones (each at least 5.7:1 against the dark paper).
 */
const CHART_COLORS: Record<ColorScheme, Record<ChartColor, string>> = {
  light: {
    blue: '#1976d2',
    purple: '#7b1fa2',
    green: '#2e7d32',
    orange: '#ed6c02',
    lightBlue: '#0288d1',
    red: '#c62828',
    blueGrey: '#546e7a',
    brown: '#6d4c41',
    teal: '#00897b',
    indigo: '#5c6bc0',
  },
  dark: {
    blue: '#64b5f6',
    purple: '#ce93d8',
    green: '#81c784',
    orange: '#ffb74d',
    lightBlue: '#4fc3f7',
    red: '#e57373',
    blueGrey: '#b0bec5',
    brown: '#bcaaa4',
    teal: '#4db6ac',
    indigo: '#9fa8da',
  },
};

/** The chart colours of the scheme shown. */
export function useChartColors(): Record<ChartColor, string> {
  return CHART_COLORS[useTheme().palette.mode];
}
