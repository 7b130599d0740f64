import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { DOCUMENT_TYPE_OPTIONS } from '../../../config/pet-types';
import { paths, toPath } from '../../../config/paths';
import { useCurrentUser } from '../../auth';
import { DocumentViewer } from '../components/document-viewer';
import { KycConversation } from '../components/kyc-conversation';
import { KycStatusBadge } from '../components/kyc-status-badge';
import { useInterval } from '../components/use-interval';
import { useKycLive } from '../components/use-kyc-live';
import { fetchKycById, fetchUserKyc, kycMessageShown, selectKyc, verifyKyc } from '../kyc-slice';
import { KYC_POLL_MS } from './kyc-screen';
import { formatDate, formatDateTime } from '../../../lib/dates';
import type { KycRecord } from '../kyc-api';

/** A profile's calendar day ("1991-03-08") as the house writes it, or a dash when it is empty. */
const profileDay = (day: string | null) => (day ? formatDate(day.slice(0, 10)) : '—');

/** What the profile says about the member's identity, beside the documents it is checked against. */
function ProfileIdentity({ person }: { person: KycRecord['userId'] }) {
  const documentType = DOCUMENT_TYPE_OPTIONS.find((d) => d.value === person.document_type);
  return (
    <Text size="sm">
      <strong>On the profile:</strong> born {profileDay(person.dob)} ·{' '}
      {documentType?.label ?? person.document_type ?? 'no document type'}, issued{' '}
      {profileDay(person.date_of_issue)}, expires {profileDay(person.date_of_expiry)}
    </Text>
  );
}

/** /dashboard/kyc/user/{userId} (admins): one member's documents, the decision, the conversation. */
export default function KycUserScreen() {
  usePageTitle('Member verification');
  const { userId = '' } = useParams();
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const { data, loading, error, message } = useAppSelector(selectKyc);
  const record = data && data.userId._id === userId ? data : null;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Approve or Reject goes once used (the record then carries that decision): the focus moves to
  // the page's heading, above the decision's message, instead of falling to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  const failureAlert = useRef<HTMLDivElement>(null);
  const [decided, setDecided] = useState(false);

  useEffect(() => {
    dispatch(kycMessageShown(null));
    if (userId) void fetchUserKyc(dispatch, userId, { asAdmin: true });
  }, [dispatch, userId]);
  // SPEC §4: an admin refreshes the conversation by the record's id.
  const poll = useCallback(() => {
    if (record) void fetchKycById(dispatch, record._id, true);
  }, [dispatch, record]);
  useInterval(poll, KYC_POLL_MS, Boolean(record));
  useKycLive(record?._id, poll);

  async function decide(action: 'VERIFIED' | 'REJECTED') {
    setBusy(true);
    setFailure(null);
    const outcome = await verifyKyc(
      dispatch,
      userId,
      action,
      action === 'REJECTED' ? reason.trim() : undefined,
      record ?? undefined,
    );
    // The record moved on meanwhile (409): show it as it is now beside the refusal, with the
    // rejection dialog closed, so that deciding again is a new, deliberate step on what it is now.
    if (!outcome.ok) void fetchUserKyc(dispatch, userId, { asAdmin: true });
    setBusy(false);
    if (!outcome.ok) {
      setRejecting(false);
      setFailure(outcome.message);
      requestAnimationFrame(() => failureAlert.current?.focus());
      return;
    }
    setDecided(true);
    setRejecting(false);
    setReason('');
    requestAnimationFrame(() => heading.current?.focus());
  }

  const name = record ? `${record.userId.firstName} ${record.userId.lastName}`.trim() : '';
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={paths.kycListing} size="sm">
          ← All KYC submissions
        </Anchor>
        <Group justify="space-between">
          <Title order={1} ref={heading} tabIndex={-1}>
            {record ? `Verification of ${name || record.userId.email}` : 'Member verification'}
          </Title>
          {record && (
            <KycStatusBadge status={record.status} kycVerified={record.userId.KYC_verified} />
          )}
        </Group>
        {/* The decision's message, until the member sends documents again (pending anew). */}
        {message && record?.status !== 'PENDING' && (
          <Alert color="green" role="status">
            {message}
          </Alert>
        )}
        {(failure || (error && !record)) && (
          <Alert color="red" role="alert" ref={failureAlert} tabIndex={-1}>
            {failure ?? error}
          </Alert>
        )}
        {loading && !record && <Text>Loading…</Text>}
        {record && (
          <>
            <Paper withBorder p="md" radius="md">
              <Text size="sm">
                <strong>Email:</strong> {record.userId.email} ·{' '}
                <Anchor component={Link} to={toPath(paths.member, { memberId: userId })}>
                  Member page
                </Anchor>
              </Text>
              <ProfileIdentity person={record.userId} />
              <Text size="sm">
                <strong>Submitted:</strong> {formatDateTime(record.createdAt)} ·{' '}
                <strong>Updated:</strong> {formatDateTime(record.updatedAt)}
              </Text>
              <Text size="sm">
                <strong>Flags:</strong> KYC verified {record.userId.KYC_verified ? 'yes' : 'no'},
                verified {record.userId.is_verified ? 'yes' : 'no'}
              </Text>
              {record.text && (
                <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  <strong>Note:</strong> {record.text}
                </Text>
              )}
              {record.rejectionReason && (
                <Text
                  size="sm"
                  mt="xs"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  <strong>Rejection reason:</strong> {record.rejectionReason}
                </Text>
              )}
              <Group mt="md">
                {/* The API decides any record either way (a Verified one can still be rejected,
                    a Rejected one approved); the decision it already carries is not offered. */}
                {record.status !== 'Verified' && (
                  <Button loading={busy && !rejecting} onClick={() => void decide('VERIFIED')}>
                    Approve
                  </Button>
                )}
                {record.status !== 'Rejected' && (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => {
                      setDecided(false);
                      setRejecting(true);
                    }}
                  >
                    Reject
                  </Button>
                )}
                <Button variant="subtle" onClick={() => void fetchKycById(dispatch, record._id)}>
                  Refresh
                </Button>
              </Group>
            </Paper>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <DocumentViewer documents={record.documents} />
              <KycConversation
                record={record}
                me={me?.id}
                memberName={name || 'Member'}
                asReviewer
                label="Message to the member"
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        returnFocus={!decided && !failure}
        title="Reject KYC submission"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void decide('REJECTED');
          }}
        >
          <Stack>
            <Textarea
              label="Reason for rejection"
              description="The member sees this and can resubmit."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={3}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={busy}>
                Confirm rejection
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}
