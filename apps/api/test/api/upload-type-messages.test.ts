import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { multipart, type Owner } from '../helpers/booking-fixtures.ts';
import { appWithAssignedBooking } from '../helpers/chat-fixtures.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';

/*
 * An upload refused for its type names what that route takes, in words: KYC documents and
 * dispute evidence take JPEG, PNG or PDF (not WebP), photos JPEG, PNG or WebP.
 */

let t: TestApp;
let owner: Owner;
let bookingId: string;

beforeAll(async () => {
  ({ t, owner, bookingId } = await appWithAssignedBooking());
}, 60_000);
afterAll(() => t.close());

/** JPEG magic bytes over garbage: typed as a JPEG by its bytes, but no decoder can read it. */
const CORRUPT_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('not really an image at all'),
]);

describe('an upload that claims a photo type but cannot be read', () => {
  it('KYC documents: names JPEG, PNG or PDF', async () => {
    const res = await submitKyc(t, owner, { text: 'My ID' }, [doc(CORRUPT_JPEG)]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('The image could not be read; upload a JPEG, PNG or PDF');
  });

  it('dispute evidence: names JPEG, PNG or PDF', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/dispute/',
      token: owner.token,
      ...multipart({ bookingId, reason: 'Late' }, [
        { field: 'evidence', name: 'photo.jpg', type: 'image/jpeg', data: CORRUPT_JPEG },
      ]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('The image could not be read; upload a JPEG, PNG or PDF');
  });

  it('a pet photo: names JPEG, PNG or WebP', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/pets',
      token: owner.token,
      ...multipart({ userId: owner.id, name: 'Rex', species: 'dog' }, [
        { field: 'photo', name: 'rex.jpg', type: 'image/jpeg', data: CORRUPT_JPEG },
      ]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('The image could not be read; upload a JPEG, PNG or WebP');
  });
});

describe('an upload of a type the route does not take', () => {
  it('is refused naming the types in words', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const res = await submitKyc(t, owner, { text: 'My ID' }, [doc(gif, 'id.gif', 'image/gif')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('File type not allowed; use JPEG, PNG or PDF');
    // Named on its field, so a form says it beside the file input.
    expect(res.json().errors).toEqual([
      { path: 'documents', message: 'File type not allowed; use JPEG, PNG or PDF' },
    ]);
  });

  it("a profile photo that is text is refused on the profile's image field", async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/update-profile',
      token: owner.token,
      ...multipart({ firstName: 'Olive' }, [
        { field: 'image', name: 'fake.png', type: 'image/png', data: Buffer.from('plain text') },
      ]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual([
      { path: 'image', message: 'File type not allowed; use JPEG, PNG or WebP' },
    ]);
  });
});
