import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

/** A stand-in for the browser's IntersectionObserver (jsdom has none) that we can trigger. */
function stubObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (isIntersecting: boolean) =>
    act(() => {
      for (const callback of callbacks)
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
}

describe('WhenVisible', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until the box scrolls into view, then the children', () => {
    const scroll = stubObserver();
    render(
      <WhenVisible placeholder={<p>waiting</p>}>
        <p>the map</p>
      </WhenVisible>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByText('the map')).not.toBeInTheDocument();

    scroll(false);
    expect(screen.queryByText('the map')).not.toBeInTheDocument();

    scroll(true);
    expect(screen.getByText('the map')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });

  it('renders the children at once where the browser cannot tell visibility', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible placeholder={<p>waiting</p>}>
        <p>the map</p>
      </WhenVisible>,
    );
    expect(screen.getByText('the map')).toBeInTheDocument();
  });
});
