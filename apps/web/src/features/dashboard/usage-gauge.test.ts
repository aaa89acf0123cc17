import { describe, expect, it } from 'vitest';
import { gauge } from './usage-gauge';

describe('gauge', () => {
  it('fills a bar by the share of the limit, and colours it near and at the limit', () => {
    expect(gauge(5, 20)).toEqual({ percent: 25, color: 'primary' });
    expect(gauge(16, 20)).toEqual({ percent: 80, color: 'warning' });
    expect(gauge(20, 20)).toEqual({ percent: 100, color: 'error' });
    // Over the budget: the bar stays full.
    expect(gauge('6000.0000', '5000.0000')).toEqual({ percent: 100, color: 'error' });
    expect(gauge('1250.5000', '5000.0000').percent).toBeCloseTo(25.01);
  });

  it('shows an empty bar for a limit of nothing or a figure that is not one', () => {
    expect(gauge(3, 0)).toEqual({ percent: 0, color: 'primary' });
    expect(gauge('n/a', 10)).toEqual({ percent: 0, color: 'primary' });
  });
});
