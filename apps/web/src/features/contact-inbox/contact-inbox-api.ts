import type { ContactListResponse, ContactMessageWire } from '@pawsy/contract';
import { getErrorMessage } from '../../lib/api-error';
import { http } from '../../lib/http';
import { pageOfList, type ListPage } from '../../lib/use-paged-list';

export type ContactMessage = ContactMessageWire;

export const CONTACT_INBOX_MESSAGES = { fetchFailed: 'Failed to load contact messages' } as const;

/** Admins: one page of GET /api/contact (newest first), for usePagedList. */
export async function fetchContactPage(
  page: number,
  limit: number,
): Promise<ListPage<ContactMessage>> {
  try {
    const { data } = await http.get<ContactListResponse>('/api/contact', {
      query: { page, limit },
    });
    return pageOfList(data);
  } catch (error) {
    throw new Error(getErrorMessage(error, CONTACT_INBOX_MESSAGES.fetchFailed), { cause: error });
  }
}
