import { Alert, Anchor, Button, Paper } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A record that could not be loaded: the reason, then Retry when trying again could help
 * (network, 5xx), otherwise a way back to the list (a missing record stays missing).
 */
export function LoadError({
  message,
  retryable,
  onRetry,
  backTo,
  backLabel,
}: {
  message: string;
  retryable: boolean;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Alert color={retryable ? 'red' : 'yellow'} role="alert">
        {message}
      </Alert>
      {retryable ? (
        <Button mt="md" variant="light" onClick={onRetry}>
          Retry
        </Button>
      ) : (
        <Anchor component={Link} to={backTo} mt="md" display="inline-block">
          {backLabel}
        </Anchor>
      )}
    </Paper>
  );
}
