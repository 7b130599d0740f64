import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';

/** /payment-cancel: the checkout was left; the pending payment was cancelled, nothing charged. */
export default function PaymentCancelScreen() {
  usePageTitle('Payment cancelled');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Payment cancelled</Title>
        <Text role="status">
          Nothing was charged. You can pick a package again whenever you like.
        </Text>
        <Group>
          <Button component={Link} to="/packages">
            Back to packages
          </Button>
          <Button component={Link} to="/user-dashboard" variant="default">
            Go to my dashboard
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
