import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../test/fake-event-source';
import { mockFetch } from '../../../test/fetch-mock';
import { FIXTURE_OWNER_ID, makeDispute } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

describe('/dispute/{id} while an admin decides', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the new status when the dispute notification arrives, without a reload', async () => {
    storeSession({ id: FIXTURE_OWNER_ID, userType: 'user' });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let dispute = makeDispute();
    mockFetch(({ url }) => {
      if (url === '/api/notifications/stream-ticket')
        return {
          status: 200,
          body: { success: true, data: { ticket: 't1', expiresAt: new Date().toISOString() } },
        };
      if (url === '/api/notifications/all')
        return { status: 200, body: { success: true, allNotifications: [] } };
      if (url === `/api/dispute/${dispute._id}`)
        return { status: 200, body: { success: true, data: dispute } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/dispute/${dispute._id}`);
    const details = await screen.findByRole('region', { name: dispute.reason });
    expect(within(details).getByText('Open')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    dispute = { ...dispute, status: 'closed', rejectionReason: 'Settled between you.' };
    act(() =>
      FakeEventSource.instances.at(-1)!.emit('notification', {
        _id: 'n1',
        type: 'dispute',
        message: 'The dispute was closed',
        data: { disputeId: dispute._id, status: 'closed' },
      }),
    );
    expect(await within(details).findByText('Closed')).toBeInTheDocument();
    expect(within(details).getByText(/Settled between you\./)).toBeInTheDocument();
  });
});
