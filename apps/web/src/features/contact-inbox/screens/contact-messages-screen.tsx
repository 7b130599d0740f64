import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { formatDateTime } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';
import { usePagedList } from '../../../lib/use-paged-list';
import {
  CONTACT_INBOX_MESSAGES,
  fetchContactPage,
  type ContactMessage,
} from '../contact-inbox-api';

const PAGE_SIZE = 20;

/** /admin/messages: what visitors sent through the contact form, newest first. */
export default function ContactMessagesScreen() {
  usePageTitle('Contact messages');
  const fetchPage = useCallback((page: number) => fetchContactPage(page, PAGE_SIZE), []);
  const list = usePagedList('inbox', fetchPage, CONTACT_INBOX_MESSAGES.fetchFailed);
  const { items, error } = list;
  const loading = list.isLoading && items.length === 0;

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Contact messages</Title>
        {error && items.length === 0 && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" aria-live="polite">
          {loading ? 'Loading…' : countOf(list.total ?? items.length, 'message')}
        </Text>
        {!loading && !error && items.length === 0 && <Text>No contact messages yet.</Text>}
        {items.length > 0 && (
          <Stack component="ul" aria-label="Contact messages, newest first" gap="md" p={0} m={0}>
            {items.map((m) => (
              <ContactMessageItem key={m._id} message={m} />
            ))}
          </Stack>
        )}
        {items.length > 0 && (
          <LoadMore
            count={items.length}
            hasMore={list.hasMore}
            isLoading={list.isLoading}
            error={error}
            onLoadMore={list.loadMore}
            endLabel="No more messages"
          />
        )}
      </Stack>
    </Container>
  );
}

function ContactMessageItem({ message: m }: { message: ContactMessage }) {
  const headingId = `contact-${m._id}`;
  return (
    <li style={{ listStyle: 'none' }}>
      <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {m.subject ?? 'No subject'}
          </Title>
          <Text size="sm">
            From {m.name} (
            <Anchor href={`mailto:${m.email}`} size="sm">
              {m.email}
            </Anchor>
            ), <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</Text>
        </Stack>
      </Paper>
    </li>
  );
}
