/** Display rules of spec section 9. Formatters are built once: creating one per call halves SSR throughput. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dashboard: 25 gives '$25.00'. */
export function formatUsd(price: number): string {
  return usd.format(price);
}

/** Public page: '$' prefix; whole amounts without cents. 25 gives '$25', 25.5 gives '$25.50'. */
export function formatPrice(price: number | string | null | undefined): string {
  const value = typeof price === 'string' ? Number(price) : price;
  if (value === null || value === undefined || !Number.isFinite(value)) return '$0';
  return Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`;
}

/** Under 60 gives 'N min'; otherwise 'H hr' or 'H hr M min'. 90 gives '1 hr 30 min'. */
export function formatDuration(minutes: number | null | undefined): string {
  const value = minutes ?? 0;
  if (value < 60) return `${value} min`;
  const h = Math.floor(value / 60);
  const m = value % 60;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/** Dashboard cards: 'N minutes'. */
export function formatMinutes(minutes: number): string {
  return `${minutes} minutes`;
}
