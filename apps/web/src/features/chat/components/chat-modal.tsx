import { Modal } from '@mantine/core';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useCurrentUser } from '../../auth';
import { chatModalClosed } from '../chat-modal-slice';
import { useChat } from '../use-chat';
import { ChatThread } from './chat-thread';

/** The chat of the booking selected in the chat modal state; mounted only while open. */
function OpenChat() {
  const dispatch = useAppDispatch();
  const me = useCurrentUser()?.id;
  const { selectedBooking, owner, provider } = useAppSelector((s) => s.chatModal);
  useChat(selectedBooking);
  const other = owner && owner._id !== me ? owner : provider;
  const title = other ? `Chat with ${other.firstName} ${other.lastName}` : 'Booking chat';
  return (
    <Modal
      opened
      onClose={() => dispatch(chatModalClosed())}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close chat' }}
    >
      {selectedBooking && <ChatThread bookingId={selectedBooking} title={title} />}
    </Modal>
  );
}

export function ChatModal() {
  const open = useAppSelector((s) => s.chatModal.open);
  return open ? <OpenChat /> : null;
}
