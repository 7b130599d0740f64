import { Container, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths, toPath } from '../../../config/paths';
import { DisputeBrowser } from '../components/dispute-browser';
import { OpenDisputeForm } from '../components/open-dispute-form';

/** /dispute: my disputes, and — reached from a booking's page — the form to open one. */
export default function DisputesScreen() {
  usePageTitle('Disputes');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bookingId = params.get('bookingId');
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Disputes</Title>
        <Text c="dimmed">
          A problem with a booking? Open a dispute from the booking&apos;s page; the Pawsy team
          reads both sides and decides.
        </Text>
        {bookingId && (
          <OpenDisputeForm
            bookingId={bookingId}
            onOpened={(d) => void navigate(toPath(paths.dispute, { disputeId: d._id }))}
          />
        )}
        <Title order={2} size="h3">
          My disputes
        </Title>
        <DisputeBrowser
          label="My disputes"
          empty="You have no disputes."
          linkTo={(d) => toPath(paths.dispute, { disputeId: d._id })}
        />
      </Stack>
    </Container>
  );
}
