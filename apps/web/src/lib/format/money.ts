/**
 * An exact decimal amount ("1234.5650", as estimates and prices arrive) shown with two places,
 * rounded half up, grouped by thousands. Worked on the digits, never through a float, so the
 * figure is the one the bill will carry.
 */
export function formatMoney(amount: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const digits = `${match[1]}${(match[2] ?? '').padEnd(3, '0').slice(0, 3)}`;
  // Cents with one more digit; add 5 to that digit and drop it (half up).
  const cents = (BigInt(digits) + 5n) / 10n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}
