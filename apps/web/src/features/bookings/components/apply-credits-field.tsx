import { NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { cardPartIssue } from '@pawsy/contract';
import { formatCents } from '../../../lib/money';
import { maxApplicableCredits } from '../../credits';

type ApplyCreditsFieldProps = {
  balanceCents: number;
  priceCents: number;
  currency: string;
  isOn: boolean;
  onToggle: (on: boolean) => void;
  /** Requested amount in cents; the caller clamps it before use. */
  requestedCents: number;
  onRequestedChange: (cents: number) => void;
};

/**
 * Switch + amount; the amount input never offers more than min(balance, price), and says before
 * submit when the card part left would be under the gateway's minimum (the API refuses it).
 */
export function ApplyCreditsField(props: ApplyCreditsFieldProps) {
  const max = maxApplicableCredits(props.balanceCents, props.priceCents);
  const isDisabled = max === 0;
  // Typing past the maximum applies the maximum and says why (a refused keystroke said nothing).
  const [isCapped, setCapped] = useState(false);
  const isWithinMax = ({ floatValue }: { floatValue?: number }) => {
    if (floatValue === undefined || Math.round(floatValue * 100) <= max) return true;
    setCapped(true);
    props.onRequestedChange(max);
    return false;
  };
  const change = (value: number | string) => {
    setCapped(false);
    props.onRequestedChange(Math.round(Number(value || 0) * 100));
  };

  return (
    <Stack gap="xs">
      <Switch
        label="Apply my credits"
        description={
          isDisabled
            ? 'You have no credits to apply.'
            : `Up to ${formatCents(max, props.currency)} can be applied to this booking.`
        }
        checked={props.isOn && !isDisabled}
        disabled={isDisabled}
        onChange={(e) => props.onToggle(e.currentTarget.checked)}
      />
      {props.isOn && !isDisabled && (
        <NumberInput
          label="Credits to apply ($)"
          value={props.requestedCents / 100}
          onChange={change}
          min={0}
          max={max / 100}
          clampBehavior="strict"
          isAllowed={isWithinMax}
          decimalScale={2}
          step={1}
          w={200}
          description={
            isCapped
              ? `You can apply up to ${formatCents(max, props.currency)} to this booking.`
              : null
          }
          error={cardPartIssue(props.priceCents, props.requestedCents)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      )}
      <Text size="xs" c="dimmed">
        Credits are deducted when you confirm; see the cancellation policy for refunds.
      </Text>
    </Stack>
  );
}
