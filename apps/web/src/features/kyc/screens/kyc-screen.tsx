import { Alert, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { useCurrentUser } from '../../auth';
import { KycConversation } from '../components/kyc-conversation';
import { isKycWithdrawn, KycStatusBadge } from '../components/kyc-status-badge';
import { KycUploadForm } from '../components/kyc-upload-form';
import { useInterval } from '../components/use-interval';
import { useKycLive } from '../components/use-kyc-live';
import { fetchUserKyc, selectKyc } from '../kyc-slice';
import { KYC_MESSAGES } from '../kyc-api';

/** How often the reviewer's replies are looked for while this screen is open (besides the live push). */
export const KYC_POLL_MS = 15_000;

/** /kyc: the user's verification status, upload and resubmission, and the reviewer conversation. */
export default function KycScreen() {
  usePageTitle('Identity verification');
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const { data: record, loading, error } = useAppSelector(selectKyc);
  const userId = me?.id;

  useEffect(() => {
    if (userId) void fetchUserKyc(dispatch, userId);
  }, [dispatch, userId]);
  const poll = useCallback(() => {
    if (userId) void fetchUserKyc(dispatch, userId, { quiet: true });
  }, [dispatch, userId]);
  useInterval(poll, KYC_POLL_MS, Boolean(userId && record));

  const ownRecord = record && record.userId._id === userId ? record : null;
  useKycLive(ownRecord?._id, poll);
  // An admin may switch KYC_verified off after a passed review (SPEC §6): the record still reads
  // Verified, but the member is not, and sends documents again as a new record.
  const isWithdrawn =
    ownRecord !== null && isKycWithdrawn(ownRecord.status, ownRecord.userId.KYC_verified);
  const status = isWithdrawn ? null : (ownRecord?.status ?? null);
  const showError = error && !error.includes(KYC_MESSAGES.noRecords);
  // The upload form goes once documents are sent: its button had the focus, so the focus moves
  // to what replaced it, the review notice, which says they arrived.
  const [justSubmitted, setJustSubmitted] = useState(false);
  const underReview = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSubmitted && status === 'PENDING') underReview.current?.focus();
  }, [justSubmitted, status]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>Identity verification</Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Status:
            </Text>
            <KycStatusBadge
              status={loading && !ownRecord ? null : (ownRecord?.status ?? null)}
              {...(ownRecord ? { kycVerified: ownRecord.userId.KYC_verified } : {})}
            />
          </Group>
        </Group>
        {showError && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {status === 'Verified' && (
          <Alert color="green" title="You are verified">
            Your identity check is complete: owners and sitters see your verified badge.
          </Alert>
        )}
        {isWithdrawn && (
          <Alert color="yellow" title="Your verification was withdrawn">
            An admin has withdrawn your verified status. Send your documents again below to be
            checked.
          </Alert>
        )}
        {status === 'PENDING' && (
          <Alert
            ref={underReview}
            tabIndex={-1}
            role={justSubmitted ? 'status' : undefined}
            color="yellow"
            title={justSubmitted ? 'Documents submitted: under review' : 'Under review'}
          >
            We are checking your documents ({ownRecord?.documents.map((d) => d.name).join(', ')}).
            They cannot be replaced during the review; if they are not accepted you can send new
            ones. You can write to the reviewer below.
          </Alert>
        )}
        {status === 'Rejected' && (
          <Alert
            color="red"
            title="Your documents were not accepted"
            role="status"
            styles={{ message: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
          >
            {ownRecord?.rejectionReason
              ? `Reason: ${ownRecord.rejectionReason}`
              : 'No reason was given; ask the reviewer below.'}
          </Alert>
        )}
        {ownRecord?.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <strong>Your note:</strong> {ownRecord.text}
          </Text>
        )}
        {(status === null || status === 'Rejected') && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="kyc-upload">
            <Title order={2} size="h4" id="kyc-upload" mb="xs">
              {status === 'Rejected' ? 'Resubmit your documents' : 'Submit your documents'}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              A passport, ID card or driving licence, and optionally a proof of address. Photos are
              re-encoded on upload, so location data in them is removed.
            </Text>
            <KycUploadForm
              userId={userId}
              kycId={status === 'Rejected' ? ownRecord?._id : null}
              submitLabel={status === 'Rejected' ? 'Resubmit documents' : 'Submit documents'}
              onSubmitted={() => setJustSubmitted(true)}
            />
          </Paper>
        )}
        {ownRecord && (
          <KycConversation record={ownRecord} me={userId} label="Message to the reviewer" />
        )}
      </Stack>
    </Container>
  );
}
