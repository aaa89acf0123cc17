/**
 * Unit prices arrive as exact decimal strings ("0.8500", "6000.0000"). They are shown without
 * trailing zeros but with at least the whole dollars grouped, and never go through a float, so a
 * price page shows exactly the figure the console will charge.
 */
export function formatUnitPrice(amount: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const whole = match[1]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
