import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { makeDispute } from '../../test/fixtures';
import {
  createDispute,
  disputeReducer,
  fetchDispute,
  fetchDisputes,
  updateDisputeStatus,
} from './dispute-slice';
import { DISPUTE_MESSAGES } from './disputes-api';

const store = () => configureStore({ reducer: { dispute: disputeReducer } });
const page = (data = [makeDispute()]) => ({
  success: true,
  data,
  page: 1,
  limit: 20,
  total: data.length,
  totalPages: 1,
  hasMore: false,
});

describe('dispute slice', () => {
  it('loads a page of disputes with the status filter in the query', async () => {
    const calls = mockFetch(() => ({ status: 200, body: page() }));
    const s = store();
    await s.dispatch(fetchDisputes({ status: 'open' }));
    expect(calls[0]!.url).toBe('/api/dispute/?status=open');
    expect(s.getState().dispute.items).toHaveLength(1);
    expect(s.getState().dispute.page).toMatchObject({ total: 1, totalPages: 1 });
  });

  it('appends later pages once, and drops an answer for a filter no longer shown', async () => {
    const all = Array.from({ length: 3 }, (_, i) =>
      makeDispute({ _id: `dddddddddddddddddddddd1${i}` }),
    );
    let release = () => {};
    mockFetch(async (call) => {
      const n = Number(new URL(call.url, 'http://x').searchParams.get('page') ?? 1);
      if (call.url.includes('status=closed') && n === 2)
        await new Promise<void>((resolve) => (release = resolve));
      const data = all.slice((n - 1) * 2, n * 2);
      return { status: 200, body: { ...page(data), page: n, total: 3, hasMore: n < 2 } };
    });
    const s = store();
    await s.dispatch(fetchDisputes({ status: 'open', page: 1, limit: 2 }));
    // Page 3 before page 2, or page 2 twice: refused.
    await s.dispatch(fetchDisputes({ status: 'open', page: 3, limit: 2 }));
    const second = s.dispatch(fetchDisputes({ status: 'open', page: 2, limit: 2 }));
    await s.dispatch(fetchDisputes({ status: 'open', page: 2, limit: 2 }));
    await second;
    const ids = () => s.getState().dispute.items.map((d) => d._id);
    expect(ids()).toEqual(all.map((d) => d._id));
    expect(s.getState().dispute.paging).toMatchObject({ page: 2, hasMore: false });

    // Closed, page 2 still on its way when the filter changes back to open: not appended.
    await s.dispatch(fetchDisputes({ status: 'closed', page: 1, limit: 2 }));
    const late = s.dispatch(fetchDisputes({ status: 'closed', page: 2, limit: 2 }));
    await s.dispatch(fetchDisputes({ status: 'open', page: 1, limit: 2 }));
    release();
    await late;
    expect(ids()).toEqual(all.slice(0, 2).map((d) => d._id));
    expect(s.getState().dispute.paging).toMatchObject({ page: 1, hasMore: true });
  });

  it('starts the paging again when page 1 comes back after the last page was shown', async () => {
    const all = Array.from({ length: 3 }, (_, i) =>
      makeDispute({ _id: `dddddddddddddddddddddd2${i}` }),
    );
    mockFetch((call) => {
      const n = Number(new URL(call.url, 'http://x').searchParams.get('page') ?? 1);
      const data = all.slice((n - 1) * 2, n * 2);
      return { status: 200, body: { ...page(data), page: n, total: 3, hasMore: n < 2 } };
    });
    const s = store();
    await s.dispatch(fetchDisputes({ page: 1, limit: 2 }));
    await s.dispatch(fetchDisputes({ page: 2, limit: 2 }));
    expect(s.getState().dispute.paging).toMatchObject({ page: 2, hasMore: false });

    // The screen opened again (the state is persisted): page 1 replaces the rows.
    await s.dispatch(fetchDisputes({ page: 1, limit: 2 }));
    expect(s.getState().dispute.items).toHaveLength(2);
    expect(s.getState().dispute.paging).toMatchObject({ page: 1, hasMore: true });
    await s.dispatch(fetchDisputes({ page: 2, limit: 2 }));
    expect(s.getState().dispute.items.map((d) => d._id)).toEqual(all.map((d) => d._id));
  });

  it('updates the list and the detail in place after a status change (no refetch)', async () => {
    const open = makeDispute();
    const reopened = makeDispute({ status: 'open', reopened: true });
    const resolved = makeDispute({ status: 'resolved', winnerId: open.booking.owner._id });
    const s = store();
    mockFetch((call) =>
      call.url === '/api/dispute/'
        ? { status: 200, body: page([open]) }
        : { status: 200, body: { success: true, data: open } },
    );
    await s.dispatch(fetchDisputes({}));
    await s.dispatch(fetchDispute(open._id));
    const calls = mockFetch((call) => ({
      status: 200,
      body: {
        success: true,
        data: (call.body as { status: string }).status === 'open' ? reopened : resolved,
      },
    }));
    await s.dispatch(
      updateDisputeStatus({
        id: open._id,
        change: { status: 'resolved', winnerId: open.booking.owner._id },
      }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/api/dispute/status-update/${open._id}`,
      body: { status: 'resolved', winnerId: open.booking.owner._id },
    });
    expect(s.getState().dispute.items[0]!.status).toBe('resolved');
    expect(s.getState().dispute.current!.winnerId).toBe(open.booking.owner._id);
    await s.dispatch(updateDisputeStatus({ id: open._id, change: { status: 'open' } }));
    expect(s.getState().dispute.items[0]).toMatchObject({ status: 'open', reopened: true });
  });

  it("uses SPEC §8's fallbacks when the server sends no message", async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    const s = store();
    await s.dispatch(fetchDisputes({}));
    expect(s.getState().dispute.error).toBe(DISPUTE_MESSAGES.fetchListFailed);
    await s.dispatch(fetchDispute('x'));
    expect(s.getState().dispute.error).toBe('Failed to fetch dispute');
    await s.dispatch(createDispute({ bookingId: 'b', reason: 'r' }));
    expect(s.getState().dispute.saveError).toBe('Failed to create dispute');
    await s.dispatch(updateDisputeStatus({ id: 'x', change: { status: 'closed' } }));
    expect(s.getState().dispute.saveError).toBe('Failed to update dispute status');
    mockFetch(() => ({
      status: 409,
      body: { message: 'This booking already has an open dispute' },
    }));
    await s.dispatch(createDispute({ bookingId: 'b', reason: 'r' }));
    expect(s.getState().dispute.saveError).toBe('This booking already has an open dispute');
    // A failed write is its form's to show: the list's and the dispute's read error stay theirs.
    expect(s.getState().dispute.error).toBe('Failed to fetch dispute');
  });

  it('sends evidence as multipart, plain fields as JSON', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true, data: makeDispute() } }));
    const s = store();
    await s.dispatch(createDispute({ bookingId: 'b1', reason: 'Late', description: 'x' }));
    expect(calls[0]!.body).toEqual({ bookingId: 'b1', reason: 'Late', description: 'x' });
    const file = new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' });
    await s.dispatch(createDispute({ bookingId: 'b1', reason: 'Late', files: [file] }));
    const form = calls[1]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('reason')).toBe('Late');
    expect((form.getAll('evidence')[0] as File).name).toBe('bill.pdf');
    expect(s.getState().dispute.items).toHaveLength(2);
  });
});
