import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { conversation, ME, meta, msg, SAM } from './test/chat-fixtures';

/** The owner's own message as the API answers its POST. */
const sentMessage = (text: string) => msg('m1', text, new Date().toISOString(), ME, SAM);

type Reply = { status: number; body?: unknown };

/** The chat room with the POST of a message held until the test answers it. */
async function openChatWithHeldSend() {
  storeSession({ id: 'u1' });
  const held: { text: string; answer: (reply: Reply) => void }[] = [];
  mockFetch(({ url, method, body }) => {
    if (url.startsWith('/api/messages/conversations'))
      return { status: 200, body: { success: true, data: [conversation(null, 0)], meta: meta(1) } };
    if (url.startsWith('/api/messages/thread'))
      return { status: 200, body: { success: true, data: [], meta: meta(0) } };
    if (url === '/api/messages/' && method === 'POST') {
      const { text } = body as { text: string };
      return new Promise<Reply>((answer) => held.push({ text, answer }));
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp('/chat-room');
  const box = await screen.findByRole('textbox', { name: /message/i });
  return { box, held, user: userEvent.setup() };
}

describe('chat composer while a message is sending', () => {
  it('empties the box at once and keeps what is typed while the message is on its way', async () => {
    const { box, held, user } = await openChatWithHeldSend();
    await user.type(box, 'See you at 9{Enter}');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(box).toHaveValue('');
    await user.type(box, 'Bring the lead');
    held[0]!.answer({ status: 201, body: { success: true, data: sentMessage(held[0]!.text) } });
    const list = screen.getByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getByText('See you at 9')).toBeInTheDocument());
    expect(held[0]!.text).toBe('See you at 9');
    expect(box).toHaveValue('Bring the lead');
  });

  it('puts a failed message back into the box when nothing new was typed', async () => {
    const { box, held, user } = await openChatWithHeldSend();
    await user.type(box, 'See you at 9{Enter}');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(box).toHaveValue('');
    held[0]!.answer({ status: 500 });
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box).toHaveValue('See you at 9');
  });

  it('keeps newer text when the message fails, and shows the error', async () => {
    const { box, held, user } = await openChatWithHeldSend();
    await user.type(box, 'See you at 9{Enter}');
    await waitFor(() => expect(held).toHaveLength(1));
    await user.type(box, 'Bring the lead');
    held[0]!.answer({ status: 500 });
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box).toHaveValue('Bring the lead');
  });

  it("scrolls the thread to the bottom once the member's message is in it", async () => {
    const { box, held, user } = await openChatWithHeldSend();
    const list = screen.getByRole('list', { name: 'Messages' });
    const thread = list.closest<HTMLElement>('[data-scrollarea-viewport]')!;
    // jsdom lays nothing out: the thread's height with the new message is what the browser says.
    Object.defineProperty(thread, 'scrollHeight', { configurable: true, value: 1800 });
    const long = 'The lead is in the blue bag by the door. '.repeat(20).trim();
    await user.click(box);
    await user.paste(long);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(thread.scrollTop).toBe(0);
    held[0]!.answer({ status: 201, body: { success: true, data: sentMessage(held[0]!.text) } });
    await waitFor(() => expect(within(list).getByText(long)).toBeInTheDocument());
    await waitFor(() => expect(thread.scrollTop).toBe(1800));
  });
});
