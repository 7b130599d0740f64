import type { NearbyResponse, PetWire, PublicUser } from '@pawsy/contract';
import { http } from '../../lib/http';

export type SitterProfile = PublicUser;
export type OwnerPet = PetWire;

/** The reads the booking screens need from users and pets (SPEC §7). */
export const peopleApi = {
  user: (id: string) =>
    http.get<{ success: true; data: PublicUser }>(`/api/user/${encodeURIComponent(id)}`),
  nearby: (query: { page?: number; limit?: number; name?: string } = {}) =>
    http.get<NearbyResponse>('/api/user/nearby', { query }),
  pets: (userId: string) =>
    http.get<{ success: true; result: PetWire[] }>(`/api/pets/user/${encodeURIComponent(userId)}`),
};
