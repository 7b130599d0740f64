import '@mantine/charts/styles.layer.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates';
import type { AdminDashboard } from '../dashboard-api';

type Point = { label: string; value: number };

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace('-', ' ');

/**
 * A chart with its title and the same figures as a table for screen readers: the SVG itself is
 * hidden from them, since a drawing of bars says nothing to assistive technology.
 */
function ChartCard({
  title,
  points,
  children,
}: {
  title: string;
  points: Point[];
  children: ReactNode;
}) {
  const id = `chart-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {/* Hidden, and out of the tab order (recharts' keyboard layer is off below). */}
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.value}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
      {points.every((p) => p.value === 0) && (
        <Text size="sm" c="dark.4" mt="xs">
          Nothing yet in this period.
        </Text>
      )}
    </Paper>
  );
}

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow.6',
  accepted: 'cyan.6',
  'in-progress': 'indigo.6',
  completed: 'pawsy.6',
  cancelled: 'gray.6',
};

type Slice = { name: string; value: number; color: string };
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** Which colour is which slice, for sighted readers (the hidden table serves screen readers). */
function Legend({ slices }: { slices: Slice[] }) {
  return (
    <Group gap="md" justify="center" mt="sm" aria-hidden="true">
      {slices.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <ColorSwatch color={cssColor(s.color)} size={12} withShadow={false} />
          <Text size="sm">
            {s.name} <b>{s.value}</b>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function BookingsPerDayChart({ data }: { data: AdminDashboard }) {
  const rows = data.bookings.perDay.map((d) => ({ day: formatDay(d.date), Bookings: d.count }));
  return (
    <ChartCard
      title="Bookings per day (30 days)"
      points={rows.map((r) => ({ label: r.day, value: r.Bookings }))}
    >
      <BarChart
        h={240}
        data={rows}
        dataKey="day"
        series={[{ name: 'Bookings', color: 'pawsy.6' }]}
        barChartProps={{ accessibilityLayer: false }}
      />
    </ChartCard>
  );
}

export function NewUsersChart({ data }: { data: AdminDashboard }) {
  const rows = data.users.newPerWeek.map((w) => ({
    week: formatDay(w.date),
    'New users': w.count,
  }));
  return (
    <ChartCard
      title="New users per week"
      points={rows.map((r) => ({ label: `Week of ${r.week}`, value: r['New users'] }))}
    >
      <LineChart
        h={240}
        data={rows}
        dataKey="week"
        series={[{ name: 'New users', color: 'blue.6' }]}
        curveType="monotone"
        lineChartProps={{ accessibilityLayer: false }}
      />
    </ChartCard>
  );
}

/** A donut of shares with its legend, in a card whose points also read as a list. */
function DonutCard({ title, slices }: { title: string; slices: Slice[] }) {
  return (
    <ChartCard title={title} points={slices.map((s) => ({ label: s.name, value: s.value }))}>
      <DonutChart
        data={slices}
        withLabels
        withLabelsLine={false}
        mx="auto"
        size={200}
        thickness={28}
        pieChartProps={{ accessibilityLayer: false }}
        pieProps={{ rootTabIndex: -1 }}
      />
      <Legend slices={slices} />
    </ChartCard>
  );
}

export function BookingsByStatusChart({ data }: { data: AdminDashboard }) {
  const slices = Object.entries(data.bookings.byStatus).map(([status, value]) => ({
    name: capitalise(status),
    value,
    color: STATUS_COLORS[status] ?? 'grape.6',
  }));
  return <DonutCard title="Bookings by status (30 days)" slices={slices} />;
}

export function UsersByRoleChart({ data }: { data: AdminDashboard }) {
  const { user, provider, admin } = data.users.byRole;
  const slices = [
    { name: 'Owners', value: user, color: 'pawsy.6' },
    { name: 'Sitters', value: provider, color: 'blue.6' },
    { name: 'Admins', value: admin, color: 'gray.6' },
  ];
  return <DonutCard title="Users by role" slices={slices} />;
}
