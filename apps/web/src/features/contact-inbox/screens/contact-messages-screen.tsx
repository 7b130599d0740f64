import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { PagedListView } from '../../../components/ui/paged-list-view';
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

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Contact messages</Title>
        <PagedListView
          list={list}
          countLabel={(n) => countOf(n, 'message')}
          emptyText="No contact messages yet."
          endLabel="No more messages"
        >
          {(items) =>
            items.length > 0 && (
              <Stack
                component="ul"
                aria-label="Contact messages, newest first"
                gap="md"
                p={0}
                m={0}
              >
                {items.map((m) => (
                  <ContactMessageItem key={m._id} message={m} />
                ))}
              </Stack>
            )
          }
        </PagedListView>
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
