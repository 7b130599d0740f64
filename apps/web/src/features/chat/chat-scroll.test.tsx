import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveStreamOpened, stubEventSource } from '../../test/fake-event-source';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { chatRoomApi, meta, msg } from './test/chat-fixtures';

const fromSam = (id: string, text: string) => msg(id, text, new Date().toISOString());

/** jsdom lays nothing out: the thread's height is what the browser would say. */
function layOut(view: HTMLElement, scrollHeight: number, clientHeight = 420) {
  Object.defineProperty(view, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(view, 'clientHeight', { configurable: true, value: clientHeight });
}

afterEach(() => vi.unstubAllGlobals());

describe('the chat thread follows its newest message', () => {
  it('opens on the newest, follows the other party while at the bottom, not while reading older ones', async () => {
    storeSession({ id: 'u1' });
    stubEventSource();
    let answerThread: (reply: { status: number; body: unknown }) => void = () => {};
    mockFetch(chatRoomApi(null, () => new Promise((answer) => (answerThread = answer))));
    renderApp('/chat-room');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const view = list.closest<HTMLElement>('[data-scrollarea-viewport]')!;
    layOut(view, 1800);
    act(() =>
      answerThread({
        status: 200,
        body: {
          success: true,
          data: [fromSam('m2', 'Walk done, all good'), fromSam('m1', 'On my way')],
          meta: meta(2),
        },
      }),
    );
    await within(list).findByText('Walk done, all good');
    expect(view.scrollTop).toBe(1800);

    const source = await liveStreamOpened();
    layOut(view, 2000);
    act(() => source.emit('message', fromSam('m3', 'Here is a photo of Rex')));
    await within(list).findByText('Here is a photo of Rex');
    expect(view.scrollTop).toBe(2000);

    // The member scrolls up to read older messages: a new one does not pull them down.
    view.scrollTop = 100;
    fireEvent.scroll(view);
    layOut(view, 2200);
    act(() => source.emit('message', fromSam('m4', 'He drank lots of water')));
    await within(list).findByText('He drank lots of water');
    expect(view.scrollTop).toBe(100);
  });
});

describe('older messages of a long thread', () => {
  it('load as the top is reached, keeping the message read in place', async () => {
    storeSession({ id: 'u1' });
    stubEventSource();
    const pages: string[] = [];
    let answerOlder: (reply: { status: number; body: unknown }) => void = () => {};
    mockFetch(
      chatRoomApi(null, (url) => {
        const page = new URL(url, 'http://x').searchParams.get('page') ?? '1';
        pages.push(page);
        if (page === '2') return new Promise((answer) => (answerOlder = answer));
        return {
          status: 200,
          body: {
            success: true,
            data: [fromSam('m101', 'Newest of a hundred')],
            meta: { ...meta(101), totalPages: 2, hasMore: true },
          },
        };
      }),
    );
    renderApp('/chat-room');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Newest of a hundred');
    const view = list.closest<HTMLElement>('[data-scrollarea-viewport]')!;
    layOut(view, 1800);

    view.scrollTop = 10;
    fireEvent.scroll(view);
    fireEvent.scroll(view);
    expect(pages.filter((p) => p === '2')).toHaveLength(1);
    layOut(view, 2600);
    act(() =>
      answerOlder({
        status: 200,
        body: {
          success: true,
          data: [msg('m1', 'The very first message', '2026-01-01T09:00:00.000Z')],
          meta: { ...meta(101), page: 2, totalPages: 2, hasMore: false },
        },
      }),
    );
    await within(list).findByText('The very first message');
    // Grown by 800 px above: what was at 10 px from the top is still in view.
    expect(view.scrollTop).toBe(810);
  });
});
