import { SegmentedControl, Stack, Text } from '@mantine/core';

/**
 * A segmented choice with a visible label above it, announced as the control's name (Mantine's
 * SegmentedControl takes no label of its own). `id` names the label element.
 */
export function LabelledSegments<T extends string>({
  id,
  label,
  value,
  onChange,
  data,
}: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** Kept as given: a new array on every render makes SegmentedControl measure itself again. */
  data: { value: T; label: string }[];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(v) => onChange(v as T)}
        data={data}
      />
    </Stack>
  );
}
