import { Alert, Grid, Loader, Modal } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { useCurrentUser } from '../../auth';
import { CHAT_MESSAGES, chatApi, type Conversation } from '../chat-api';
import { chatModalClosed } from '../chat-modal-slice';
import { conversationKey, isSitterChoice, recipientOf } from '../chat-model';
import { useChat } from '../use-chat';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * The sitters an owner may write to on an open booking: one conversation each (DESIGN §5), e.g.
 * a request sent to several sitters. Null while there is no such choice to make.
 */
function useSitterConversations(bookingId: string | null, isOwnOpen: boolean) {
  const load = useCallback(async (): Promise<Conversation[]> => {
    try {
      return bookingId ? (await chatApi.conversations(1, bookingId)).data : [];
    } catch (error) {
      throw new Error(getErrorMessage(error, CHAT_MESSAGES.conversationsFailed));
    }
  }, [bookingId]);
  return useLoad(isOwnOpen ? bookingId : null, load, CHAT_MESSAGES.conversationsFailed);
}

/** The chat of the booking selected in the chat modal state; mounted only while open. */
function OpenChat() {
  const me = useCurrentUser()?.id;
  const { selectedBooking, owner, provider } = useAppSelector((s) => s.chatModal);
  const isOwnOpen = Boolean(owner && owner._id === me && !provider);
  const sitters = useSitterConversations(selectedBooking, isOwnOpen);
  const choices = (sitters.data ?? []).filter((c) => isSitterChoice(c, me));
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const chosen = choices.find((c) => conversationKey(c) === chosenKey) ?? choices[0];
  // The owner of a booking with its sitter assigned talks with that sitter only.
  const recipientId =
    recipientOf(chosen, me) ?? (owner && owner._id === me ? provider?._id : undefined);
  useChat(isOwnOpen && sitters.isLoading ? null : selectedBooking, recipientId);

  const other = chosen?.otherParty ?? (owner && owner._id !== me ? owner : provider);
  const title = other ? `Chat with ${fullName(other)}` : 'Booking chat';
  const thread = selectedBooking && (
    <ChatThread bookingId={selectedBooking} title={title} recipientId={recipientId} focusComposer />
  );
  return (
    // The root stays mounted (ChatModal) so Mantine returns focus to the Chat button on close.
    <Modal.Content
      style={{ '--modal-size': `var(--modal-size-${choices.length > 1 ? 'xl' : 'lg'})` }}
    >
      <Modal.Header>
        <Modal.Title>{title}</Modal.Title>
        <Modal.CloseButton aria-label="Close chat" />
      </Modal.Header>
      <Modal.Body>
        {sitters.error && (
          <Alert color="red" role="alert" mb="sm">
            {sitters.error}
          </Alert>
        )}
        {isOwnOpen && sitters.isLoading ? (
          <Loader size="sm" aria-label="Loading the sitters of this booking" />
        ) : choices.length > 1 ? (
          // Several sitters: the owner picks whom they write to, as on /chat-room.
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <ConversationList
                conversations={choices}
                selected={chosen ? conversationKey(chosen) : null}
                onSelect={(c) => setChosenKey(conversationKey(c))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>{thread}</Grid.Col>
          </Grid>
        ) : (
          thread
        )}
      </Modal.Body>
    </Modal.Content>
  );
}

/**
 * The chat modal of the booking page `bookingId`. The open state is persisted (SPEC §3), so a
 * reload brings the chat back; it shows only over the page of the booking it was opened on,
 * never over another booking's page.
 */
export function ChatModal({ bookingId }: { bookingId: string }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.chatModal.open && s.chatModal.selectedBooking === bookingId);
  return (
    <Modal.Root opened={open} onClose={() => dispatch(chatModalClosed())} size="lg">
      <Modal.Overlay />
      {open && <OpenChat />}
    </Modal.Root>
  );
}
