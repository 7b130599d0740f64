import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { LoadMore } from '../../../components/ui/load-more';
import type { AppNotification } from '../notifications-api';
import { notificationLink } from '../notification-link';
import { notificationTime } from '../notifications-model';
import { useNotifications } from '../use-notifications';
import { formatDateTime } from '../../../lib/dates';

function formatWhen(notification: AppNotification): string {
  const ms = notificationTime(notification);
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.round((Date.now() - ms) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return formatDateTime(ms);
}

/**
 * Each notification about a screen links to it; following a link marks it read and closes the
 * dropdown. Every one can also be marked read on its own.
 */
function NotificationList({
  items,
  isAdmin,
  onNavigate,
  onRead,
}: {
  items: AppNotification[];
  isAdmin: boolean;
  onNavigate: () => void;
  onRead: (id: string) => void;
}) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} aria-label="Unread notifications">
      {items.map((item) => {
        const to = notificationLink(item, { isAdmin });
        return (
          <Group
            key={item._id}
            component="li"
            gap="xs"
            py="xs"
            wrap="nowrap"
            align="flex-start"
            style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              {to ? (
                <Text
                  size="sm"
                  component={Link}
                  to={to}
                  onClick={() => {
                    onRead(item._id);
                    onNavigate();
                  }}
                  c="blue.9"
                  td="underline"
                >
                  {item.message}
                </Text>
              ) : (
                <Text size="sm">{item.message}</Text>
              )}
              <Text size="xs" c="dark.4">
                {formatWhen(item)}
              </Text>
            </Stack>
            <CloseButton
              size="sm"
              aria-label={`Mark read: ${item.message}`}
              title="Mark read"
              onClick={() => onRead(item._id)}
            />
          </Group>
        );
      })}
    </Stack>
  );
}

/** The header bell: unread count, the list newest first, and "Mark all read". */
export default function NotificationsBell() {
  const token = useAppSelector((state) => state.auth.token);
  const isAdmin = useAppSelector((state) => state.auth.user?.userType === 'admin');
  const [opened, setOpened] = useState(false);
  const titleRef = useRef<HTMLParagraphElement>(null);
  const { items, total, paging, isLoading, isClearing, error, loadMore, markAllRead, markRead } =
    useNotifications(token);
  // What the API counts, not only the pages shown (at least what is shown).
  const count = Math.max(total, items.length);
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications, none unread';

  return (
    <Popover
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      trapFocus
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        {/* ActionIcon clips what overflows it; the unread badge sits across its top corner. */}
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          style={{ overflow: 'visible' }}
          onClick={() => setOpened((o) => !o)}
        >
          <Indicator
            label={count > 99 ? '99+' : count}
            size={16}
            disabled={count === 0}
            color="red.8"
            offset={2}
          >
            <IconBell size={22} aria-hidden="true" />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      {/* The dropdown is a dialog named by the bell button (Mantine links them). */}
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          {/* Where focus goes from "Mark all read", which is disabled while it runs and after. */}
          {/* ...and where it starts when the bell opens: Enter twice must not clear everything. */}
          <Text fw={700} ref={titleRef} tabIndex={-1} data-autofocus>
            Notifications
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconBellCheck size={16} aria-hidden="true" />}
            onClick={() => {
              titleRef.current?.focus();
              void markAllRead();
            }}
            loading={isClearing}
            disabled={items.length === 0}
          >
            Mark all read
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" p="xs" mb="xs">
            {error}
          </Alert>
        )}
        {isLoading ? (
          <Stack gap="xs" aria-label="Loading notifications">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : items.length === 0 ? (
          <Text size="sm" c="dark.4" py="md" ta="center">
            You are all caught up.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <NotificationList
              items={items}
              isAdmin={isAdmin}
              onNavigate={() => setOpened(false)}
              onRead={(id) => void markRead(id)}
            />
            <LoadMore
              count={items.length}
              hasMore={paging.hasMore}
              isLoading={paging.loadingMore}
              error={paging.error}
              onLoadMore={() => void loadMore()}
              endLabel="No more notifications"
            />
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
