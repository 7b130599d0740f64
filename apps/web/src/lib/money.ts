/** Integer minor units (cents) → "$12.50" in the given currency (DESIGN §3: money is cents). */
export function formatCents(cents: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
