import type { PetListResponse, PetRemovedResponse, PetResponse, PetWire } from '@pawsy/contract';
import { ApiError } from '../../lib/api-error';
import { http } from '../../lib/http';
import { NO_TOKEN_MESSAGE, requireSessionToken } from '../../lib/session';

export type Pet = PetWire;

export const PET_MESSAGES = {
  noToken: NO_TOKEN_MESSAGE,
  noUserId: 'User ID is required',
  fetchFailed: 'Failed to fetch pets',
  addFailed: 'Failed to add pet',
  updateFailed: 'Failed to update pet',
  removeFailed: 'Failed to remove pet',
} as const;

type Progress = (percent: number) => void;

function petOf(data: PetResponse | null, fallback: string): Pet {
  const pet = data?.result ?? data?.data;
  if (!pet) throw new Error(fallback);
  return pet;
}

export const petsApi = {
  /**
   * The user's pets; a 404 (no such owner or nothing stored) is an empty list (SPEC §4). With
   * `includeRemoved`, the pets the owner removed too (`removedAt` set), for past bookings.
   */
  async list(
    userId: string | null | undefined,
    { includeRemoved = false }: { includeRemoved?: boolean } = {},
  ): Promise<Pet[]> {
    requireSessionToken();
    if (!userId) throw new Error(PET_MESSAGES.noUserId);
    try {
      const { data } = await http.get<PetListResponse>(
        `/api/pets/user/${encodeURIComponent(userId)}`,
        includeRemoved ? { query: { include: 'removed' } } : undefined,
      );
      return Array.isArray(data?.result) ? data.result : [];
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
  /** POST /api/pets: multipart with the owner's userId (SPEC §5: required). */
  async add(userId: string | null | undefined, form: FormData, onProgress?: Progress) {
    requireSessionToken();
    if (!userId) throw new Error(PET_MESSAGES.noUserId);
    // userId goes first: the API refuses another owner's id before receiving the photo.
    const body = new FormData();
    body.set('userId', userId);
    for (const [name, value] of form) if (name !== 'userId') body.append(name, value);
    const { data } = await http.upload<PetResponse>('POST', '/api/pets', body, { onProgress });
    return petOf(data, PET_MESSAGES.addFailed);
  },
  async update(petId: string, form: FormData, onProgress?: Progress) {
    requireSessionToken();
    const { data } = await http.upload<PetResponse>(
      'PUT',
      `/api/pets/${encodeURIComponent(petId)}`,
      form,
      { onProgress },
    );
    return petOf(data, PET_MESSAGES.updateFailed);
  },
  /** DELETE /api/pets/{petId}: off the owner's profile; 409 while it is on an open booking. */
  async remove(petId: string): Promise<void> {
    requireSessionToken();
    await http.delete<PetRemovedResponse>(`/api/pets/${encodeURIComponent(petId)}`);
  },
};
