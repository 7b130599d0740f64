import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatCents } from '../../../lib/money';

type PriceBreakdownProps = {
  rateCents: number;
  /** 'suggested': the catalogue's rate, until the sitter sets their own. */
  rateSource?: 'sitter' | 'suggested';
  units: number;
  unitLabel: 'night' | 'hour';
  amountCents: number;
  currency: string;
  creditsCents: number;
};

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined}>{value}</Text>
    </Group>
  );
}

/** rate × units = price, minus credits (when applied) = amount due. */
export function PriceBreakdown(props: PriceBreakdownProps) {
  const { rateCents, rateSource, units, unitLabel, amountCents, currency, creditsCents } = props;
  const unitText = `${units} ${unitLabel}${units === 1 ? '' : 's'}`;
  const rateText = `${formatCents(rateCents, currency)}${rateSource === 'suggested' ? ' (suggested rate)' : ''}`;
  return (
    <Stack gap={6} aria-label="Price breakdown" role="group">
      <Line label={`${rateText} × ${unitText}`} value={formatCents(amountCents, currency)} />
      {/* No "−$0.00" line while no credits are applied (the switch is off). */}
      {creditsCents > 0 && (
        <Line label="Credits applied" value={`−${formatCents(creditsCents, currency)}`} />
      )}
      <Divider />
      <Line
        label="Total due"
        value={formatCents(Math.max(0, amountCents - creditsCents), currency)}
        strong
      />
    </Stack>
  );
}
