import type { CreatePackageBody, Package, UpdatePackageBody } from '@pawsy/contract';
import { http } from '../../lib/http';

export type { CreatePackageBody, Package, UpdatePackageBody };

export const PACKAGE_MESSAGES = {
  fetchFailed: 'Failed to fetch packages',
  addFailed: 'Failed to add package',
  updateFailed: 'Failed to update package',
} as const;

const PACKAGES = '/api/packages';
type One = { success: true; message?: string; data: Package };
type Many = { success: true; data: Package[] };

/** The package calls (every package path appears only here). */
export const packagesApi = {
  /** Active packages, cheapest first (public). */
  async list(): Promise<Package[]> {
    const { data } = await http.get<Many>(PACKAGES);
    return data.data;
  },
  /** Every package, inactive ones too (admins). */
  async listAll(): Promise<Package[]> {
    const { data } = await http.get<Many>(`${PACKAGES}/all`);
    return data.data;
  },
  /** An active package (404 for a withdrawn or unknown one). */
  async get(id: string): Promise<Package> {
    const { data } = await http.get<One>(`${PACKAGES}/${encodeURIComponent(id)}`);
    return data.data;
  },
  async create(body: CreatePackageBody): Promise<Package> {
    const { data } = await http.post<One>(PACKAGES, body);
    return data.data;
  },
  async update(id: string, body: UpdatePackageBody): Promise<Package> {
    const { data } = await http.put<One>(`${PACKAGES}/${encodeURIComponent(id)}`, body);
    return data.data;
  },
};
