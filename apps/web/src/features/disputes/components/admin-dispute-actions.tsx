import { Alert, Button, Group, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { Dispute, DisputeStatus } from '../disputes-api';
import { disputeSaveErrorCleared, fetchDispute, updateDisputeStatus } from '../dispute-slice';
import { disputeMoves, partyName } from '../lib/dispute-format';

/** Where a move's answer is said (and the focus goes: the move's button is gone). */
const OUTCOME_ID = 'dispute-move-outcome';

/** Resolve (naming the winner), close or reopen a dispute, with an optional reason. */
export function AdminDisputeActions({ dispute }: { dispute: Dispute }) {
  const dispatch = useAppDispatch();
  const { saving, saveError: error } = useAppSelector((state) => state.dispute);
  const { owner, provider } = dispute.booking;
  const parties = [
    { value: owner._id, label: `${partyName(owner)} (owner)` },
    ...(provider ? [{ value: provider._id, label: `${partyName(provider)} (sitter)` }] : []),
  ];
  const [winnerId, setWinnerId] = useState<string | null>(dispute.winnerId);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const moves = disputeMoves(dispute.status);
  useEffect(() => {
    dispatch(disputeSaveErrorCleared());
  }, [dispatch, dispute._id]);

  // The move's buttons change with the status: the focus goes to what the move answered.
  const focusNext = useFocusAfterRender();

  const change = async (status: DisputeStatus) => {
    setDone(null);
    const result = await dispatch(
      updateDisputeStatus({
        id: dispute._id,
        change: {
          status,
          ...(status === 'resolved' && winnerId ? { winnerId } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          // The API refuses (409) if another admin moved the dispute since this screen read it.
          expectedStatus: dispute.status,
        },
      }),
    );
    focusNext(OUTCOME_ID);
    if (updateDisputeStatus.fulfilled.match(result)) {
      setReason('');
      setDone(status === 'open' ? 'Dispute reopened' : `Dispute ${status}`);
    } else void dispatch(fetchDispute(dispute._id));
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="decide-title">
      <Stack>
        <Title id="decide-title" order={2} size="h4">
          Decide
        </Title>
        {moves.includes('resolved') && (
          <Select
            label="Winner"
            placeholder="No winner"
            data={parties}
            value={winnerId}
            clearable
            // Mantine hides its clear button from assistive tech; make it a named, reachable one.
            clearButtonProps={{
              'aria-label': 'Clear the winner',
              'aria-hidden': false,
              tabIndex: 0,
            }}
            onChange={setWinnerId}
          />
        )}
        <Textarea
          label="Reason (shown to both parties)"
          autosize
          minRows={2}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {/* Only the moves away from the current status (see disputeMoves). */}
        <Group>
          {moves.includes('resolved') && (
            <Button loading={saving} onClick={() => void change('resolved')}>
              Resolve
            </Button>
          )}
          {moves.includes('closed') && (
            <Button
              variant="light"
              color="gray"
              loading={saving}
              onClick={() => void change('closed')}
            >
              Close
            </Button>
          )}
          {moves.includes('open') && (
            <Button variant="outline" loading={saving} onClick={() => void change('open')}>
              Reopen
            </Button>
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert" id={OUTCOME_ID} tabIndex={-1}>
            {error}
          </Alert>
        )}
        {done && !error && (
          <Alert color="teal" role="status" id={OUTCOME_ID} tabIndex={-1}>
            {done}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
