import type { PublicUser } from '@pawsy/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { makePet } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { OWNER_ID, SITTER_ID } from './booking-factory';

/**
 * The request form at `path` for a signed-in owner with one pet (Biscuit), and `sitter` as
 * GET /api/user/{SITTER_ID} answers when given; a reload is an unmount and another call.
 */
export function openRequestForm(path: string, sitter?: PublicUser) {
  storeSession({ id: OWNER_ID, userType: 'user' });
  mockFetch((call) => {
    if (call.url === `/api/pets/user/${OWNER_ID}`)
      return { status: 200, body: { success: true, result: [makePet({ userId: OWNER_ID })] } };
    if (sitter && call.url === `/api/user/${SITTER_ID}`)
      return { status: 200, body: { success: true, data: sitter } };
    return { status: 404, body: { message: 'Not found' } };
  });
  return renderApp(path);
}
