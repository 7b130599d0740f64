import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver: this stand-in records what is observed, and
 * `await scrollToEnd()` tells every observer its targets came into view (as scrolling would).
 */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class IntersectionObserverStub {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  return {
    /** How many load-more sentinels are watched right now. */
    watched: () => [...observers].reduce((n, o) => n + o.targets.length, 0),
    /**
     * Waits until a sentinel is watched (the observer is attached in an effect after the list
     * renders), then reports every target in view.
     */
    async scrollToEnd() {
      await vi.waitFor(() => {
        if (![...observers].some((o) => o.targets.length > 0)) throw new Error('nothing watched');
      });
      act(() => {
        for (const { callback, targets } of [...observers])
          callback(
            targets.map(
              (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
            ),
            {} as IntersectionObserver,
          );
      });
    },
  };
}

/** `page` and `limit` of a request URL (with the list's default limit). */
export function pagingOf(url: string, defaultLimit = 20) {
  const query = new URL(url, 'http://localhost').searchParams;
  return {
    page: Number(query.get('page') ?? 1),
    limit: Number(query.get('limit') ?? defaultLimit),
  };
}

/** The slice of `all` a paged API answers for `url`, with the SPEC §7 paging fields. */
export function pageFrom<T>(all: readonly T[], url: string, defaultLimit = 20) {
  const { page, limit } = pagingOf(url, defaultLimit);
  const totalPages = Math.ceil(all.length / limit);
  return {
    data: all.slice((page - 1) * limit, page * limit),
    page,
    limit,
    total: all.length,
    totalPages,
    hasMore: page < totalPages,
  };
}
