import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import { cardPartIssue } from '@pawsy/contract';
import { formatCents } from '../../../lib/money';
import { countOf as plural } from '../../../lib/plural';
import type { SeriesPreview } from '../bookings-api';
import { formatVisit } from '../lib/series-form-model';
import { ZoneNote } from './series-visits-list';
import { ApplyCreditsField } from './apply-credits-field';

type SeriesPreviewPanelProps = {
  preview: SeriesPreview;
  skipConflicts: boolean;
  onSkipChange: (skip: boolean) => void;
  credits: {
    isOn: boolean;
    onToggle: (on: boolean) => void;
    cents: number;
    onChange: (cents: number) => void;
  };
  isSending: boolean;
  error: string | null;
  onSend: () => void;
};

/** Every visit of the pattern with its conflict, the price, and the choice to skip conflicts. */
export function SeriesPreviewPanel(props: SeriesPreviewPanelProps) {
  const { preview, skipConflicts, credits } = props;
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The panel appears below the form: take keyboard and screen-reader users to it once.
  useEffect(() => titleRef.current?.focus(), []);
  const conflicts = preview.occurrences.filter((o) => o.conflict !== null).length;
  const free = preview.occurrences.length - conflicts;
  const due = Math.max(0, preview.totalCents - credits.cents);
  const canSend =
    free > 0 &&
    (conflicts === 0 || skipConflicts) &&
    cardPartIssue(preview.totalCents, credits.cents) === null;
  const money = (cents: number) => formatCents(cents, preview.currency);
  const units = plural(preview.unitsPerOccurrence, preview.unitLabel);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="series-preview-title">
      <Stack gap="md">
        <Title id="series-preview-title" order={2} size="h4" ref={titleRef} tabIndex={-1}>
          Your visits
        </Title>
        <ZoneNote timeZone={preview.timeZone} />
        <Table striped aria-label="Visits in this series">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Visit</Table.Th>
              <Table.Th>Availability</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.occurrences.map((o) => (
              <Table.Tr key={o.startAt}>
                <Table.Td>{formatVisit(o, preview.timeZone)}</Table.Td>
                <Table.Td>
                  {o.conflict ? (
                    <Stack gap={2}>
                      <Badge color="red.8" variant="dot">
                        Conflict
                      </Badge>
                      <Text size="xs">{o.conflict}</Text>
                    </Stack>
                  ) : (
                    <Badge color="green.9" variant="dot">
                      Free
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{o.conflict ? '—' : money(preview.occurrenceCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {conflicts > 0 && (
          <Alert
            color="yellow"
            title={`${plural(conflicts, 'date')} collide with the sitter's calendar`}
          >
            <Stack gap="xs">
              <Text size="sm">
                Skip them and book the other {plural(free, 'visit')}, or change the days, time or
                dates above and preview again.
              </Text>
              <Checkbox
                label={`Skip the ${conflicts} conflicting date${conflicts === 1 ? '' : 's'}`}
                checked={skipConflicts}
                onChange={(e) => props.onSkipChange(e.currentTarget.checked)}
                disabled={free === 0}
              />
            </Stack>
          </Alert>
        )}
        <Stack gap={6} role="group" aria-label="Series price">
          <Group justify="space-between">
            <Text>
              {money(preview.rateCents)}
              {preview.rateSource === 'suggested' ? ' (suggested rate)' : ''} × {units} per visit
            </Text>
            <Text>{money(preview.occurrenceCents)}</Text>
          </Group>
          <Group justify="space-between">
            <Text>{plural(free, 'visit')}</Text>
            <Text>{money(preview.totalCents)}</Text>
          </Group>
          {/* No "−$0.00" line while no credits are applied, as for a single booking. */}
          {credits.cents > 0 && (
            <Group justify="space-between">
              <Text>Credits applied</Text>
              <Text>−{money(credits.cents)}</Text>
            </Group>
          )}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>Total due</Text>
            <Text fw={700}>{money(due)}</Text>
          </Group>
        </Stack>
        <ApplyCreditsField
          balanceCents={preview.creditsBalance}
          priceCents={preview.totalCents}
          currency={preview.currency}
          isOn={credits.isOn}
          onToggle={credits.onToggle}
          requestedCents={credits.cents}
          onRequestedChange={credits.onChange}
        />
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={props.onSend} loading={props.isSending} disabled={!canSend}>
            {due > 0 ? `Pay ${money(due)} by card` : 'Send weekly request'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
