import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { FIXTURE_OWNER_ID, makeDispute } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const listed = makeDispute({ _id: 'dddddddddddddddddddddd09', reason: 'Keys not returned' });
const bookingId = 'bbbbbbbbbbbbbbbbbbbbbb07';

type Reply = { status: number; body?: unknown };

/** /dispute with the form for a booking; "My disputes" loads fine, POST answers `onCreate`. */
async function openForm(onCreate: Reply = { status: 500, body: {} }) {
  storeSession({ id: FIXTURE_OWNER_ID, userType: 'user' });
  const calls = mockFetch((call: FetchCall) => {
    if (call.method === 'POST') return onCreate;
    if (call.url.startsWith('/api/dispute/?'))
      return {
        status: 200,
        body: { success: true, data: [listed], page: 1, limit: 20, total: 1, hasMore: false },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp(`/dispute?bookingId=${bookingId}`);
  const form = await screen.findByRole('form', { name: 'Open a dispute' });
  const list = await screen.findByRole('list', { name: 'My disputes' });
  // The OS file dialog's "All files" lets any file through the picker's accept filter.
  const user = userEvent.setup({ applyAccept: false });
  await user.type(within(form).getByLabelText(/Reason/), 'Walk cut short');
  const attach = (...files: File[]) =>
    user.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, files);
  const submit = () => user.click(within(form).getByRole('button', { name: 'Submit dispute' }));
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { form, list, attach, submit, posts };
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const png = (name: string) => new File(['not really a png'], name, { type: 'image/png' });

describe('opening a dispute: where a refusal shows', () => {
  it('shows a failed submission with the form only: "My disputes" keeps its list, no Retry', async () => {
    const { form, list, submit } = await openForm({
      status: 409,
      body: { message: 'This booking already has an open dispute' },
    });
    await submit();
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This booking already has an open dispute',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Keys not returned' })).toBeInTheDocument();
  });

  it('names the file the API could not read when its message does not', async () => {
    const { form, attach, submit } = await openForm({
      status: 415,
      body: {
        message: 'The image could not be read; upload a JPEG, PNG or PDF',
        code: 'UNSUPPORTED_MEDIA',
      },
    });
    await attach(pdf('vet-bill.pdf'), png('torn-leash.png'));
    await submit();
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      /^torn-leash\.png: The image could not be read; upload a JPEG, PNG or PDF$/,
    );
  });

  it('names the file whose type the API refused, among the ones it may be', async () => {
    const message = 'File type not allowed; use JPEG, PNG or PDF';
    const { form, attach, submit } = await openForm({
      status: 415,
      body: { message, code: 'UNSUPPORTED_MEDIA', errors: [{ path: 'evidence', message }] },
    });
    await attach(png('collar.png'));
    await submit();
    expect(await within(form).findByRole('alert')).toHaveTextContent(`collar.png: ${message}`);
  });

  it('refuses a file of another type or too large before sending, naming it', async () => {
    const { form, attach, submit, posts } = await openForm();
    await attach(pdf('vet-bill.pdf'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await submit();
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'notes.txt: use a JPEG, PNG or PDF',
    );
    const huge = pdf('scan.pdf');
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await attach(huge);
    await submit();
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'scan.pdf: each file must be at most 10 MB',
    );
    expect(posts()).toHaveLength(0);
  });
});
