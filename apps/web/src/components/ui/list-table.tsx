import type { ReactNode } from 'react';
import { Badge, Button, Table, VisuallyHidden } from '@mantine/core';

/** A column heading: its text, or text only screen readers get (a column of buttons). */
export type ListColumn = string | { hidden: string };

/**
 * The striped table of the admin and member lists: a caption, one row of column headings, and the
 * rows the caller renders (`Table.Tr`s). Narrower than `minWidth` (a phone), the table scrolls
 * sideways inside its box instead of widening the page; the box takes the focus, so arrow keys
 * scroll it.
 */
export function ListTable({
  caption,
  columns,
  highlightOnHover = false,
  minWidth = 600,
  children,
}: {
  caption?: string;
  columns: readonly ListColumn[];
  highlightOnHover?: boolean;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      // Scrolled sideways on a phone: reachable by keyboard even when no cell holds a control.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': caption ?? 'Table' } }}
    >
      <Table striped highlightOnHover={highlightOnHover}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={typeof c === 'string' ? c : c.hidden} scope="col">
                {typeof c === 'string' ? c : <VisuallyHidden>{c.hidden}</VisuallyHidden>}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's status as a coloured dot and its word. */
export function StatusCell({ color, label }: { color: string; label: string }) {
  return (
    <Table.Td>
      <Badge color={color} variant="dot">
        {label}
      </Badge>
    </Table.Td>
  );
}

/** The row's Edit button; `label` names what it edits for screen readers. */
export function EditCell({ label, onEdit }: { label: string; onEdit: () => void }) {
  return (
    <Table.Td>
      <Button size="xs" variant="light" onClick={onEdit} aria-label={label}>
        Edit
      </Button>
    </Table.Td>
  );
}
