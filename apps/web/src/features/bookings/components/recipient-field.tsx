import { Alert, Anchor, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { offersServices, type SitterProfile } from '../../sitters';
import type { RequestMode } from '../lib/request-form-model';
import { SitterSummaryCard } from './sitter-summary-card';

type RecipientFieldProps = {
  /** The sitter of a direct request (`?providerId=`), loading or failed; null: sitters near me. */
  sitter: { data: SitterProfile | null; isLoading: boolean; error: string | null } | null;
  mode: RequestMode;
  onModeChange: (mode: RequestMode) => void;
};

/** Who gets the request: the chosen sitter's card, else open to sitters near or up to five invited. */
export function RecipientField({ sitter, mode, onModeChange }: RecipientFieldProps) {
  if (sitter)
    return (
      <Stack gap="xs">
        <Text fw={600}>Sitter</Text>
        <SitterSummaryCard sitter={sitter.data} isLoading={sitter.isLoading} error={sitter.error} />
        {sitter.data && !offersServices(sitter.data) && (
          <Alert color="yellow" role="alert" p="sm">
            {sitter.data.firstName} has not listed a service yet, so there is nothing to request
            from them.
          </Alert>
        )}
        <Anchor component={Link} to={paths.requestForm} size="sm">
          Choose other sitters instead
        </Anchor>
      </Stack>
    );
  return (
    <Radio.Group
      label="Who should get this request?"
      value={mode}
      onChange={(next) => onModeChange(next as RequestMode)}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="open" label="Leave it open: sitters near me can apply" />
        <Radio value="invite" label="Send to several sitters (up to 5)" />
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        Weekly care with one sitter? Request them from their page to repeat it every week.
      </Text>
    </Radio.Group>
  );
}
