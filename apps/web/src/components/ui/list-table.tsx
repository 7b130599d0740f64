import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';

/** A column heading: its text, or text only screen readers get (a column of buttons). */
export type ListColumn = string | { hidden: string };

/**
 * The striped table of the admin and member lists: a caption, one row of column headings, and the
 * rows the caller renders (`Table.Tr`s).
 */
export function ListTable({
  caption,
  columns,
  highlightOnHover = false,
  children,
}: {
  caption?: string;
  columns: readonly ListColumn[];
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  return (
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
  );
}
