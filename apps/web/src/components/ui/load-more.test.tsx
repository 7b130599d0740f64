import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadMore } from './load-more';

/** A list of `pages` pages whose next page arrives when the test says so. */
function Harness({ pages }: { pages: number }) {
  const [loaded, setLoaded] = useState(1);
  const [loading, setLoading] = useState(false);
  return (
    <MantineProvider>
      <p>{loaded} pages shown</p>
      <LoadMore
        count={loaded * 10}
        hasMore={loaded < pages}
        isLoading={loading}
        error={null}
        onLoadMore={() => setLoading(true)}
        endLabel="No more bookings"
      />
      <button
        type="button"
        onClick={() => {
          setLoaded((n) => n + 1);
          setLoading(false);
        }}
      >
        answer
      </button>
      {/* The list scrolled to its end: the next page is asked for without the button. */}
      <button type="button" onClick={() => setLoading(true)}>
        scrolled
      </button>
    </MantineProvider>
  );
}

/** The answer arrives while the focus stays where it is (a click would move it). */
function answer() {
  press('answer');
}
function press(name: string) {
  screen.getByRole('button', { name }).dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

describe('LoadMore', () => {
  it('keeps the focus on the button while a page loads, then hands it to the end line', async () => {
    const user = userEvent.setup();
    render(<Harness pages={3} />);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // Loading: the same button, focused, says so (and a second press asks nothing).
    const busy = screen.getByRole('button', { name: 'Loading more…' });
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading more…');
    await user.keyboard('{Enter}');
    await screen.findByText('1 pages shown');

    await act(answer);
    expect(await screen.findByText('2 pages shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');

    // The last page: the button goes, and the focus lands on the line that says so.
    await user.keyboard('{Enter}');
    await act(answer);
    expect(await screen.findByText('3 pages shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(screen.getByText('No more bookings')).toHaveFocus();
  });

  it('leaves the focus alone when the last page came in by scrolling', async () => {
    const user = userEvent.setup();
    render(<Harness pages={2} />);
    const before = screen.getByRole('button', { name: 'answer' });
    before.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('2 pages shown')).toBeInTheDocument();
    expect(screen.getByText('No more bookings')).not.toHaveFocus();
    expect(before).toHaveFocus();
  });

  it('hands the focus to the end line when the last page came by scrolling while the button had it', async () => {
    render(<Harness pages={2} />);
    // Reached by Tab, the button scrolls into view, and that asks for the next (last) page.
    act(() => screen.getByRole('button', { name: 'Load more' }).focus());
    await act(async () => press('scrolled'));
    await act(answer);
    expect(await screen.findByText('2 pages shown')).toBeInTheDocument();
    expect(screen.getByText('No more bookings')).toHaveFocus();
  });
});
