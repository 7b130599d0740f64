import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useAppDispatch } from '../../../app/hooks';
import { chatModalOpened, type ChatPartyRef } from '../chat-modal-slice';
import { ChatModal } from './chat-modal';

type Party = ChatPartyRef | null | undefined;
const ref = (p: Party): ChatPartyRef | null =>
  p ? { _id: p._id, firstName: p.firstName, lastName: p.lastName } : null;

/** The booking page's chat entry point: opens the chat modal on this booking. */
export function ChatButton({
  bookingId,
  owner,
  provider,
}: {
  bookingId: string;
  owner: Party;
  provider: Party;
}) {
  const dispatch = useAppDispatch();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessageCircle size={16} aria-hidden="true" />}
        onClick={() =>
          dispatch(chatModalOpened({ bookingId, owner: ref(owner), provider: ref(provider) }))
        }
      >
        Chat
      </Button>
      <ChatModal bookingId={bookingId} />
    </>
  );
}
