import type { ContactBody, ContactResponse } from '@pawsy/contract';
import { http } from '../../lib/http';

export const CONTACT_MESSAGES = { sendFailed: 'Failed to send message' } as const;

/** Calls of the public pages: no session needed, so none is sent and a 401 logs nobody out. */
export const publicApi = {
  sendContactMessage: (body: ContactBody) =>
    http.post<ContactResponse>('/api/contact', body, { auth: false }),
};
