import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '../../../components/ui/date-inputs';
import { blockBody, type BlockBody } from '@pawsy/contract';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import type { Block, CalendarChange } from '../availability-api';
import { formatRange } from '../availability-format';
import { BookingsToSettle } from './bookings-to-settle';

type BlocksEditorProps = {
  blocks: Block[];
  onAdd: (body: BlockBody) => Promise<CalendarChange>;
  /** Resolves true once the dates are open again. */
  onRemove: (block: Block) => Promise<boolean>;
};

type Range = [string | null, string | null];

/** Holidays: blocked date ranges, listed with a remove button each, and a form to add one. */
const BLOCK_FIELD_ID = 'block-dates-field';
const removeButtonId = (blockId: string) => `remove-block-${blockId}`;

export function BlocksEditor({ blocks, onAdd, onRemove }: BlocksEditorProps) {
  const [range, setRange] = useState<Range>([null, null]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Extract<CalendarChange, { status: 'conflict' }> | null>(
    null,
  );
  const [isAdding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    const [startDate, endDate] = range;
    if (!startDate) return setError('Choose the first and the last day to block');
    const parsed = blockBody.safeParse({ startDate, endDate: endDate ?? startDate, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the dates');
    setError(null);
    setAdding(true);
    try {
      const outcome = await onAdd(parsed.data);
      if (outcome.status === 'conflict') setConflict(outcome);
      if (outcome.status === 'done') {
        setRange([null, null]);
        setNote('');
      }
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="md">
      {blocks.length === 0 ? (
        <Text size="sm" c="dark.4">
          No blocked dates.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={6}
          m={0}
          p={0}
          aria-label="Blocked dates"
          style={{ listStyle: 'none' }}
        >
          {blocks.map((block, index) => (
            <Group component="li" key={block.id} gap="sm" wrap="nowrap">
              <IconCalendarOff size={16} aria-hidden="true" />
              <Text size="sm" style={{ flex: 1 }}>
                {formatRange(block.startDate, block.endDate)}
                {block.note ? ` · ${block.note}` : ''}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove blocked dates ${formatRange(block.startDate, block.endDate)}`}
                id={removeButtonId(block.id)}
                loading={removing === block.id}
                onClick={() => {
                  setRemoving(block.id);
                  // The row goes with its button: the focus moves to a neighbour's, or to the
                  // field for new dates when it was the last one.
                  const neighbour = blocks[index + 1] ?? blocks[index - 1];
                  void onRemove(block)
                    .then((removed) => {
                      if (removed)
                        document
                          .getElementById(neighbour ? removeButtonId(neighbour.id) : BLOCK_FIELD_ID)
                          ?.focus();
                    })
                    .finally(() => setRemoving(null));
                }}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <form onSubmit={(e) => void submit(e)} aria-label="Block dates" noValidate>
        <Group align="flex-start" gap="sm">
          <DatePickerInput
            type="range"
            label="Dates to block"
            id={BLOCK_FIELD_ID}
            placeholder="First and last day"
            // Mantine greys this placeholder (real text here) below AA contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dark-4)' } }}
            value={range}
            onChange={(value) => {
              setRange(value);
              setError(null);
            }}
            minDate={dayjs().format('YYYY-MM-DD')}
            allowSingleDateInRange
            valueFormat="ddd D MMM YYYY"
            ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
            error={error}
            clearable
            style={{ flex: '1 1 260px' }}
          />
          <TextInput
            label="Note (optional)"
            placeholder="e.g. Holiday"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: '1 1 180px' }}
          />
          <Button type="submit" mt={25} loading={isAdding}>
            Block dates
          </Button>
        </Group>
      </form>
      {conflict && <BookingsToSettle message={conflict.message} bookings={conflict.bookings} />}
    </Stack>
  );
}
