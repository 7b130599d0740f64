import { KYC_SEARCH_MAX } from '@pawsy/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore } from '../../app/store';
import { FakeEventSource } from '../../test/fake-event-source';
import { mockFetch } from '../../test/fetch-mock';
import { pageFrom, stubIntersectionObserver } from '../../test/paging';
import { FIXTURE_USER_ID, makeKycRecord } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { mockXhr } from '../../test/xhr-mock';
import { fileProgress } from './components/kyc-upload-form';
import { KYC_MESSAGES, type KycRecord } from './kyc-api';
import { fetchUserKyc, initialKycState, kycFailed, submitKyc, verifyKyc } from './kyc-slice';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ADMIN_ID = 'aaaaaaaaaaaaaaaaaaaaaaa9';

describe('kyc slice', () => {
  it('starts PENDING and clears the data on "No KYC records found"', async () => {
    const store = createTestStore({
      kyc: { ...initialKycState, data: makeKycRecord(), records: [makeKycRecord()] },
    });
    expect(createTestStore().getState().kyc.status).toBe('PENDING');
    storeSession({ id: FIXTURE_USER_ID });
    mockFetch(() => ({ status: 404, body: { message: 'No KYC records found' } }));
    await fetchUserKyc(store.dispatch, FIXTURE_USER_ID);
    expect(store.getState().kyc).toMatchObject({
      data: null,
      records: [],
      error: 'No KYC records found',
    });

    store.dispatch(kycFailed('Failed to fetch KYC data'));
    expect(store.getState().kyc.error).toBe('Failed to fetch KYC data');
  });

  it('needs a token and a user id to submit, and a token to fetch', async () => {
    const store = createTestStore();
    const outcome = await submitKyc(store.dispatch, FIXTURE_USER_ID, { files: [], text: '' });
    expect(outcome).toEqual({ ok: false, message: KYC_MESSAGES.missingCredentials });
    storeSession({ id: FIXTURE_USER_ID });
    expect(await submitKyc(store.dispatch, undefined, { files: [], text: '' })).toEqual({
      ok: false,
      message: 'Missing authentication credentials or user ID',
    });
    sessionStorage.clear();
    await fetchUserKyc(store.dispatch, FIXTURE_USER_ID);
    expect(store.getState().kyc.error).toBe('No authentication token found');
    expect(await verifyKyc(store.dispatch, FIXTURE_USER_ID, 'VERIFIED')).toEqual({
      ok: false,
      message: 'No authentication token found',
    });
  });

  it('refetches after a decision and says what happened; falls back to the spec messages', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const store = createTestStore();
    const calls = mockFetch(({ method }) =>
      method === 'PUT'
        ? {
            status: 200,
            body: { success: true, message: 'x', data: makeKycRecord({ status: 'Rejected' }) },
          }
        : {
            status: 200,
            body: {
              success: true,
              data: [makeKycRecord({ status: 'Rejected', rejectionReason: 'Blurry' })],
            },
          },
    );
    await verifyKyc(store.dispatch, FIXTURE_USER_ID, 'REJECTED', 'Blurry');
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/api/kyc/verify/${FIXTURE_USER_ID}`,
      body: { action: 'REJECTED', rejectionReason: 'Blurry' },
    });
    expect(calls[1]!.url).toBe(`/api/kyc/user/${FIXTURE_USER_ID}`);
    expect(store.getState().kyc).toMatchObject({
      message: 'KYC rejected successfully',
      status: 'Rejected',
    });

    mockFetch(() => ({ status: 500 }));
    expect(await verifyKyc(store.dispatch, FIXTURE_USER_ID, 'VERIFIED')).toEqual({
      ok: false,
      message: 'Failed to verify KYC',
    });
    await fetchUserKyc(store.dispatch, FIXTURE_USER_ID, { asAdmin: true });
    expect(store.getState().kyc.error).toBe('Failed to fetch user KYC data');
  });

  it('splits one upload progress over the files in order', () => {
    const files = [new File(['a'.repeat(100)], 'a.png'), new File(['b'.repeat(300)], 'b.pdf')];
    expect(fileProgress(files, 0)).toEqual([0, 0]);
    expect(fileProgress(files, 50)).toEqual([100, 33]);
    expect(fileProgress(files, 100)).toEqual([100, 100]);
  });
});

/** Mantine's FileInput: a button labelled "Identity documents" over a hidden file input. */
const documentsInput = () =>
  screen
    .getByRole('form', { name: 'Upload KYC documents' })
    .querySelector<HTMLInputElement>('input[type="file"]')!;

describe('/kyc', () => {
  it('uploads documents with progress, then shows the pending record', async () => {
    storeSession({ id: FIXTURE_USER_ID });
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 404, body: { message: 'No KYC records found' } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const xhr = mockXhr(() => ({ status: 201, body: { success: true, data: makeKycRecord() } }));
    renderApp('/kyc');
    expect(
      await screen.findByRole('heading', { name: 'Identity verification', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Not submitted')).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' });
    await userEvent.upload(documentsInput(), file);
    await userEvent.type(screen.getByLabelText(/Note for the reviewer/), 'My passport');
    await userEvent.click(screen.getByRole('button', { name: 'Submit documents' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    // The form (and its button, which had the focus) is gone: the focus is on the notice in its
    // place, which says the documents arrived.
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent('Documents submitted: under review'),
    );
    // What they wrote to the reviewer stays in view (the record's `text`).
    expect(screen.getByText('Your note:').parentElement).toHaveTextContent(
      'Your note: My passport',
    );
    expect(xhr[0]).toMatchObject({ method: 'POST', url: '/api/kyc' });
    expect(xhr[0]!.body!.get('userId')).toBe(FIXTURE_USER_ID);
    expect(xhr[0]!.body!.get('text')).toBe('My passport');
    expect((xhr[0]!.body!.get('documents') as File).name).toBe('passport.pdf');
    // Fields first: the API refuses a wrong userId before it receives any document.
    expect([...xhr[0]!.body!.keys()]).toEqual(['text', 'userId', 'documents']);
    expect(screen.getByRole('log', { name: 'KYC conversation messages' })).toBeInTheDocument();
  });

  it("picks the documents with Mantine's file picker, with the same 1–5 files ≤ 10 MB rules", async () => {
    storeSession({ id: FIXTURE_USER_ID });
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 404, body: { message: 'No KYC records found' } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const xhr = mockXhr(() => ({ status: 201, body: { success: true, data: makeKycRecord() } }));
    renderApp('/kyc');
    // A styled button (no bare "Choose Files / No file chosen"), its description kept.
    const picker = await screen.findByRole('button', { name: /^Identity documents/ });
    expect(picker).toHaveAccessibleDescription('1–5 files: JPEG, PNG or PDF, up to 10 MB each');
    expect(documentsInput()).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');
    expect(documentsInput()).toHaveAttribute('multiple');
    const user = userEvent.setup({ applyAccept: false });
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit documents' }));

    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one document.');
    const png = (name: string, size = 1) =>
      new File([new Uint8Array(size)], name, { type: 'image/png' });
    await user.upload(
      documentsInput(),
      [1, 2, 3, 4, 5, 6].map((n) => png(`p${n}.png`)),
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 5 documents.');
    await user.upload(documentsInput(), [png('huge.png', 10 * 1024 * 1024 + 1)]);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('huge.png is larger than 10 MB.');
    await user.upload(documentsInput(), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt: use a JPEG, PNG or PDF file.',
    );
    // Choosing other files takes the refusal of the old ones away; sizes read as people say them.
    await user.upload(documentsInput(), [png('id.png', 20)]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('id.png (20 bytes)')).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
    // The field's × is named (an icon-only button otherwise, which Tab reaches unnamed).
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('id.png (20 bytes)')).not.toBeInTheDocument();
  });

  it('offers no upload while the documents are reviewed (the API refuses one)', async () => {
    storeSession({ id: FIXTURE_USER_ID });
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 200, body: { success: true, data: [makeKycRecord()] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/kyc');
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.getByText(/cannot be replaced during the review/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Identity documents')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /submit documents/i })).not.toBeInTheDocument();
  });

  it('says so when an admin withdrew a passed verification, and takes documents as a new record', async () => {
    storeSession({ id: FIXTURE_USER_ID });
    const base = makeKycRecord();
    const verified = makeKycRecord({
      status: 'Verified',
      userId: { ...base.userId, KYC_verified: true },
    });
    const withdrawn = makeKycRecord({ status: 'Verified' }); // KYC_verified switched off
    let answer = verified;
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 200, body: { success: true, data: [answer] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const xhr = mockXhr(() => ({ status: 201, body: { success: true, data: makeKycRecord() } }));
    const first = renderApp('/kyc');
    expect(await screen.findByText('You are verified')).toBeInTheDocument();
    expect(screen.queryByLabelText('Identity documents')).not.toBeInTheDocument();
    first.unmount();

    answer = withdrawn;
    renderApp('/kyc');
    expect(await screen.findByText('Your verification was withdrawn')).toBeInTheDocument();
    expect(screen.queryByText('You are verified')).not.toBeInTheDocument();
    expect(screen.getByTestId('kyc-status')).toHaveTextContent('Verification withdrawn');
    await userEvent.upload(documentsInput(), new File(['x'], 'again.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit documents' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(xhr[0]!.body!.get('kycId')).toBeNull();
  });

  it('shows the rejection reason and resubmits onto the same record', async () => {
    storeSession({ id: FIXTURE_USER_ID });
    const rejected = makeKycRecord({
      status: 'Rejected',
      rejectionReason: 'Too blurry.\nRetake it in daylight.',
    });
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 200, body: { success: true, data: [rejected] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const xhr = mockXhr(() => ({ status: 201, body: { success: true, data: makeKycRecord() } }));
    renderApp('/kyc');
    // The reviewer's lines stay lines.
    expect(await screen.findByText('Reason: Too blurry. Retake it in daylight.')).toHaveStyle({
      whiteSpace: 'pre-wrap',
    });
    await userEvent.upload(documentsInput(), new File(['x'], 'new.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit documents' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(xhr[0]!.body!.get('kycId')).toBe(rejected._id);
  });

  it('sends a message to the reviewer as the signed-in user', async () => {
    storeSession({ id: FIXTURE_USER_ID });
    const record = makeKycRecord();
    const reply = {
      _id: 'm1',
      kycId: record._id,
      text: 'Hello',
      sender: FIXTURE_USER_ID,
      senderRole: 'user',
      sentAt: '2026-11-20T11:00:00.000Z',
    };
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 200, body: { success: true, data: [record] } }
        : url === '/api/kyc/send-message'
          ? { status: 201, body: { success: true, data: reply, conversation: [reply] } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/kyc');
    const box = await screen.findByLabelText('Message to the reviewer');
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = screen.getByRole('log', { name: 'KYC conversation messages' });
    expect(await within(log).findByText('Hello')).toBeInTheDocument();
    // Send is disabled once the field is cleared: the focus stays in the field, not on <body>.
    await waitFor(() => expect(box).toHaveFocus());
    expect(calls.find((c) => c.url === '/api/kyc/send-message')?.body).toEqual({
      kycId: record._id,
      text: 'Hello',
      sender: FIXTURE_USER_ID,
    });

    // As in the booking chat: Shift+Enter breaks the line, Enter sends.
    await userEvent.type(box, 'Two{Shift>}{Enter}{/Shift}lines{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/kyc/send-message').at(-1)?.body).toMatchObject({
        text: 'Two\nlines',
      }),
    );
    expect(box).toHaveValue('');
  });
});

describe('KYC screens live', () => {
  const TICKET = {
    status: 200,
    body: { success: true, data: { ticket: 't1', expiresAt: new Date().toISOString() } },
  };
  type Message = KycRecord['conversation'][number];
  const message = (kycId: string, over: Partial<Message> = {}): Message => ({
    _id: 'm1',
    kycId,
    text: 'Please send the back of the card too',
    sender: ADMIN_ID,
    senderRole: 'admin',
    sentAt: '2026-11-20T11:00:00.000Z',
    ...over,
  });
  // Well inside the 15 s poll: what shows by then came by the push.
  const soon = { timeout: 5_000 };
  /** A signed-in tab with a live stream, whose KYC reads answer `current()`. */
  const openLive = (session: Parameters<typeof storeSession>[0], current: () => KycRecord) => {
    storeSession(session);
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    return mockFetch(({ url }) => {
      if (url === '/api/notifications/stream-ticket') return TICKET;
      if (url.startsWith('/api/kyc/user/'))
        return { status: 200, body: { success: true, data: [current()] } };
      if (url === `/api/kyc/${current()._id}`)
        return { status: 200, body: { success: true, data: current() } };
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
  };
  const stream = async () => {
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    return FakeEventSource.instances.at(-1)!;
  };

  it("/kyc shows the reviewer's message and the decision as they are pushed, without the poll", async () => {
    let record = makeKycRecord();
    const calls = openLive({ id: FIXTURE_USER_ID }, () => record);
    renderApp('/kyc');
    const log = await screen.findByRole('log', { name: 'KYC conversation messages' });
    expect(await within(log).findByText('No messages yet.')).toBeInTheDocument();
    const source = await stream();
    const reads = () => calls.filter((c) => c.url.startsWith('/api/kyc/user/')).length;
    const before = reads();

    // Another record's message changes nothing here.
    record = { ...record, conversation: [message(record._id)] };
    act(() => source.emit('kyc-message', message('b'.repeat(24), { text: 'Not for you' })));
    expect(reads()).toBe(before);
    act(() => source.emit('kyc-message', message(record._id)));
    expect(
      await within(log).findByText('Please send the back of the card too', {}, soon),
    ).toBeInTheDocument();
    expect(reads()).toBe(before + 1);

    record = makeKycRecord({ status: 'Verified', conversation: record.conversation });
    record = { ...record, userId: { ...record.userId, KYC_verified: true } };
    act(() =>
      source.emit('notification', {
        _id: 'n1',
        type: 'kyc',
        message: 'Your identity is verified.',
        read: false,
        time: '2026-11-20T12:00:00.000Z',
        data: { kycId: record._id, status: 'Verified' },
      }),
    );
    expect(await screen.findByText('You are verified', {}, soon)).toBeInTheDocument();
  });

  it('names each message by its sender: the member, this admin, another admin', async () => {
    const record = makeKycRecord();
    const conversation = [
      message(record._id, {
        _id: 'm1',
        text: 'Here is my card',
        sender: FIXTURE_USER_ID,
        senderRole: 'user',
      }),
      message(record._id, { _id: 'm2', text: 'The expiry is unreadable', sender: ADMIN_ID }),
      message(record._id, { _id: 'm3', text: 'I will take this one', sender: 'c'.repeat(24) }),
    ];
    openLive({ id: ADMIN_ID, userType: 'admin' }, () => ({ ...record, conversation }));
    renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    const log = await screen.findByRole('log', { name: 'KYC conversation messages' });
    const authorOf = async (text: string) =>
      (await within(log).findByText(text)).previousElementSibling?.textContent;
    expect(await authorOf('Here is my card')).toMatch(/^Maya Lopez · /);
    expect(await authorOf('The expiry is unreadable')).toMatch(/^You · /);
    expect(await authorOf('I will take this one')).toMatch(/^Another reviewer · /);
  });

  it("the admin's review shows the member's message as it is pushed", async () => {
    let record = makeKycRecord();
    const calls = openLive({ id: ADMIN_ID, userType: 'admin' }, () => record);
    renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    await screen.findByRole('heading', { name: 'Verification of Maya Lopez' });
    const source = await stream();
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    const note = message(record._id, {
      text: 'I sent my passport instead',
      sender: FIXTURE_USER_ID,
      senderRole: 'user',
    });
    record = { ...record, conversation: [note] };
    act(() => source.emit('kyc-message', note));
    expect(await screen.findByText('I sent my passport instead', {}, soon)).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/kyc/${record._id}`)).toBe(true);
  });
});

describe('admin screens', () => {
  it('/kyclisting lists records by status with links to the review', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/kyc')
        ? {
            status: 200,
            body: {
              success: true,
              data: [makeKycRecord()],
              page: 1,
              limit: 20,
              total: 1,
              totalPages: 1,
              hasMore: false,
            },
          }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/kyclisting');
    const link = await screen.findByRole('link', { name: 'Maya Lopez' });
    expect(link).toHaveAttribute('href', `/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    expect(calls.find((c) => c.url.startsWith('/api/kyc'))!.url).toBe(
      '/api/kyc?status=PENDING&page=1&limit=20',
    );
  });

  it('/kyclisting takes no longer a search than the API does', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/kyc')
        ? { status: 200, body: { success: true, ...pageFrom([makeKycRecord()], url) } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/kyclisting');
    await screen.findByRole('link', { name: 'Maya Lopez' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Search by name or email'));
    await user.paste('m'.repeat(KYC_SEARCH_MAX + 1));
    const search = 'm'.repeat(KYC_SEARCH_MAX);
    expect(screen.getByLabelText('Search by name or email')).toHaveValue(search);
    await waitFor(() => expect(calls.at(-1)!.url).toContain(`search=${search}&`));
  });

  it('/kyclisting loads more records on scroll or "Load more", until the end', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const io = stubIntersectionObserver();
    const all = Array.from({ length: 45 }, (_, i) => {
      const base = makeKycRecord();
      return makeKycRecord({
        _id: String(i + 1).padStart(24, '0'),
        userId: { ...base.userId, _id: `u${i + 1}`, lastName: `Lopez ${i + 1}` },
      });
    });
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/kyc')
        ? { status: 200, body: { success: true, ...pageFrom(all, url) } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/kyclisting');
    const rows = () => screen.getAllByRole('link', { name: /^Maya Lopez/ });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText('45 records')).toBeInTheDocument();

    await io.scrollToEnd();
    await waitFor(() => expect(rows()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(rows()[44]).toHaveTextContent('Maya Lopez 45');
    expect(screen.getByText('No more KYC records')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/kyc')).map((c) => c.url)).toEqual(
      [1, 2, 3].map((p) => `/api/kyc?status=PENDING&page=${p}&limit=20`),
    );
  });

  it('rejects with a reason from the review screen and announces it', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    let current = makeKycRecord();
    const calls = mockFetch(({ url, method, body }) => {
      if (method === 'PUT') {
        current = makeKycRecord({
          status: 'Rejected',
          rejectionReason: (body as { rejectionReason: string }).rejectionReason,
        });
        return {
          status: 200,
          body: { success: true, message: 'KYC rejected successfully', data: current },
        };
      }
      if (url.startsWith('/api/kyc/user/'))
        return { status: 200, body: { success: true, data: [current] } };
      if (url === `/api/kyc/${current._id}`)
        return { status: 200, body: { success: true, data: current } };
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Verification of Maya Lopez' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await userEvent.type(await screen.findByLabelText(/Reason for rejection/), 'Expired ID');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(await screen.findByText('KYC rejected successfully')).toBeInTheDocument();
    expect(screen.getByText('Expired ID')).toBeInTheDocument();
    // Reject is gone with the decision: the focus is on the heading, not <body>.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Verification of Maya Lopez' })).toHaveFocus(),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      action: 'REJECTED',
      rejectionReason: 'Expired ID',
    });

    // The member sends new documents: the record is pending again and the decision's message goes.
    current = makeKycRecord();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByText('KYC rejected successfully')).toBeNull();
  });

  it('shows what the profile says of the identity, and links to the member', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 200, body: { success: true, data: [makeKycRecord()] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    const label = await screen.findByText('On the profile:');
    expect(label.closest('p')).toHaveTextContent(
      /^On the profile: born 8 Mar 1991 · Passport, issued 1 Jun 2021, expires 31 May 2031$/,
    );
    expect(screen.getByRole('link', { name: 'Member page' })).toHaveAttribute(
      'href',
      `/dashboard/member/${FIXTURE_USER_ID}`,
    );
  });

  for (const [status, offered, withheld] of [
    ['Verified', 'Reject', 'Approve'],
    ['Rejected', 'Approve', 'Reject'],
  ] as const) {
    it(`offers only the other decision on a ${status} record`, async () => {
      storeSession({ id: ADMIN_ID, userType: 'admin' });
      mockFetch(({ url }) =>
        url.startsWith('/api/kyc/user/')
          ? { status: 200, body: { success: true, data: [makeKycRecord({ status })] } }
          : { status: 200, body: { success: true, allNotifications: [] } },
      );
      renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
      expect(await screen.findByRole('button', { name: offered })).toBeEnabled();
      expect(screen.queryByRole('button', { name: withheld })).not.toBeInTheDocument();
    });
  }

  /** An admin's review of a record in `status`, whose decision another admin made meanwhile. */
  function openStaleReview(status: KycRecord['status']) {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const record = makeKycRecord({ status });
    const calls = mockFetch(({ url, method }) =>
      method === 'PUT'
        ? {
            status: 409,
            body: { message: 'This KYC record is Verified since you opened it', code: 'CONFLICT' },
          }
        : url.startsWith('/api/kyc/user/')
          ? { status: 200, body: { success: true, data: [record] } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    return { record, calls };
  }

  it('decides on the record on screen: the API is told which and in what status (stale = 409)', async () => {
    const { record, calls } = openStaleReview('Rejected');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('This KYC record is Verified since you opened it'),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      action: 'VERIFIED',
      rejectionReason: null,
      kycId: record._id,
      expectedStatus: 'Rejected',
    });
  });

  it('a rejection that meets a decision made meanwhile closes its dialog and shows the refusal, focused: rejecting again is a new step', async () => {
    const { calls } = openStaleReview('PENDING');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC submission' });
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejection/), 'Blurry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('This KYC record is Verified since you opened it');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});

describe('document viewer', () => {
  it('previews a PDF in a frame and offers it as a download under its name', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const record = makeKycRecord({
      documents: [
        {
          _id: 'ccccccccccccccccccccccc2',
          url: '/api/kyc/bbbbbbbbbbbbbbbbbbbbbbb1/documents/ccccccccccccccccccccccc2',
          mime: 'application/pdf',
          name: 'passport.pdf',
          size: 2048,
        },
      ],
    });
    mockFetch(({ url }) =>
      url.startsWith('/api/kyc/user/')
        ? { status: 200, body: { success: true, data: [record] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    // The document itself comes as bytes, shown through an object URL.
    const answerJson = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/documents/')
        ? Promise.resolve({
            ok: true,
            status: 200,
            blob: async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
          } as Response)
        : answerJson(input, init),
    );
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:doc-2';
        static override revokeObjectURL = () => undefined;
      },
    );
    renderApp(`/dashboard/kyc/user/${FIXTURE_USER_ID}`);
    expect(await screen.findByTitle('Document: passport.pdf')).toHaveAttribute('src', 'blob:doc-2');
    const link = screen.getByRole('link', { name: 'Download passport.pdf' });
    expect(link).toHaveAttribute('href', 'blob:doc-2');
    expect(link).toHaveAttribute('download', 'passport.pdf');
  });
});
