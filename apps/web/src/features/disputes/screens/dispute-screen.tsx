import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { DisputeDetails } from '../components/dispute-details';
import { DisputeLoader } from '../components/dispute-loader';

/** /dispute/{disputeId}: a dispute as its parties see it. */
export default function DisputeScreen() {
  usePageTitle('Dispute');
  const { disputeId = '' } = useParams();
  return (
    <Container size="md" py="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>Dispute</Title>
          <Anchor component={Link} to={paths.disputes}>
            All my disputes
          </Anchor>
        </Group>
        <DisputeLoader id={disputeId} back={{ to: paths.disputes, label: 'Back to my disputes' }}>
          {(d) => <DisputeDetails dispute={d} />}
        </DisputeLoader>
      </Stack>
    </Container>
  );
}
