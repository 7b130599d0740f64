import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { nameRefusedFile } from './refused-file';

const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
const typeRefusal = (message: string) =>
  new ApiError(415, { message, errors: [{ path: 'evidence', message }] });

describe('nameRefusedFile', () => {
  const message = 'File type not allowed; use JPEG, PNG or PDF';

  it('lists the files a refusal can be about when the API stopped at one of several', () => {
    const files = [png('a.png'), pdf('b.pdf')];
    expect(nameRefusedFile(message, typeRefusal(message), files)).toBe(
      `${message} (one of a.png, b.pdf)`,
    );
  });

  it('leaves a message alone that names the file, or that is about no one file', () => {
    const named = `"a.png": ${message}`;
    expect(nameRefusedFile(named, typeRefusal(named), [png('a.png')])).toBe(named);
    const tooMany = 'At most 5 file(s) allowed';
    expect(nameRefusedFile(tooMany, new ApiError(413, { message: tooMany }), [png('a.png')])).toBe(
      tooMany,
    );
    const conflict = 'This booking already has an open dispute';
    expect(
      nameRefusedFile(conflict, new ApiError(409, { message: conflict }), [png('a.png')]),
    ).toBe(conflict);
  });
});

describe('nameRefusedFile, a file too large', () => {
  it('names the largest file sent', () => {
    const message = 'File too large (at most 10 MB)';
    const big = new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' });
    const refusal = new ApiError(413, { message, errors: [{ path: 'evidence', message }] });
    expect(nameRefusedFile(message, refusal, [png('small.png'), big])).toBe(`big.png: ${message}`);
    expect(nameRefusedFile(message, refusal, [])).toBe(message);
  });
});
