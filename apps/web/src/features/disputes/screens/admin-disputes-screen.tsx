import { Container, Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths, toPath } from '../../../config/paths';
import { DisputeBrowser } from '../components/dispute-browser';

/** /admin/disputes: every dispute, newest change first, filtered by status. */
export default function AdminDisputesScreen() {
  usePageTitle('All disputes');
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>All disputes</Title>
        <DisputeBrowser
          label="All disputes"
          empty="No disputes match."
          linkTo={(d) => toPath(paths.adminDispute, { disputeId: d._id })}
        />
      </Stack>
    </Container>
  );
}
