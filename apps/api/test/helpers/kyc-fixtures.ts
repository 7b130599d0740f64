import sharp from 'sharp';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { multipart } from './booking-fixtures.ts';

export type KycFile = { field: string; name: string; type: string; data: Buffer };

/** A real JPEG carrying EXIF with a GPS block, as phones write them. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pawsy KYC' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 1234/100' },
    })
    .toBuffer();
}

/** The smallest well-formed PDF (file-type knows it by its %PDF- header). */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const doc = (data: Buffer, name = 'id.jpg', type = 'image/jpeg'): KycFile => ({
  field: 'documents',
  name,
  type,
  data,
});

/**
 * POST /api/kyc as `user` with the given fields and files. Like the web client, it sends the
 * caller's own `userId` unless `fields` names another or sets it to `undefined` (left out).
 */
export function submitKyc(
  t: TestApp,
  user: TestUser | undefined,
  fields: Record<string, string | undefined>,
  files: KycFile[],
) {
  const sent = Object.entries({ ...(user ? { userId: user.id } : {}), ...fields }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return t.call({
    method: 'POST',
    url: '/api/kyc',
    token: user?.token,
    ...multipart(Object.fromEntries(sent), files),
  });
}
