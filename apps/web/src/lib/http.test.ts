import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { storeSession } from '../test/tokens';
import { ApiError, getErrorMessage } from './api-error';
import { http, setUnauthorizedHandler } from './http';
import { getRuntimeConfig } from './runtime-config';

describe('http client', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'pawsy-config';
    meta.content = JSON.stringify({
      secretKey: 'meta-secret',
      apiBase: 'https://api.example.test',
      startLeadMinutes: 4320,
      completeLeadMinutes: 4320,
    });
    document.head.append(meta);
  });
  afterEach(() => document.head.querySelector('meta[name="pawsy-config"]')?.remove());

  it('sends the secret key from the run-time config and returns { data, status }', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { ok: true } }));
    const result = await http.get('/api/ping', { query: { page: 2, name: '', city: undefined } });
    expect(result).toEqual({ data: { ok: true }, status: 200 });
    expect(calls[0]!.url).toBe('https://api.example.test/api/ping?page=2');
    expect(calls[0]!.headers['secret-key']).toBe('meta-secret');
    expect(calls[0]!.headers['x-auth-token']).toBeUndefined();
  });

  it('reads the start and complete leads from the run-time config (120 and 0 without one)', () => {
    expect(getRuntimeConfig()).toMatchObject({ startLeadMinutes: 4320, completeLeadMinutes: 4320 });
    document.head.querySelector('meta[name="pawsy-config"]')?.remove();
    expect(getRuntimeConfig()).toMatchObject({ startLeadMinutes: 120, completeLeadMinutes: 0 });
  });

  it('adds x-auth-token when logged in and sends JSON bodies', async () => {
    const { token } = storeSession();
    const calls = mockFetch(() => ({ status: 201, body: { id: 'p1' } }));
    await http.post('/api/pets', { name: 'Rex' });
    expect(calls[0]!.headers['x-auth-token']).toBe(token);
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ name: 'Rex' });
  });

  it('leaves the multipart content type to the browser for FormData', async () => {
    const calls = mockFetch(() => ({ status: 200, body: {} }));
    const form = new FormData();
    form.append('name', 'Rex');
    await http.put('/api/pets/1', form);
    expect(calls[0]!.headers['content-type']).toBeUndefined();
    expect(calls[0]!.body).toBe(form);
  });

  it('throws an ApiError carrying status and response.data.message', async () => {
    mockFetch(() => ({ status: 409, body: { message: 'Booking already accepted' } }));
    const error = await http.put('/api/booking/accept/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).response.data.message).toBe('Booking already accepted');
    expect(getErrorMessage(error, 'Failed to update booking status')).toBe(
      'Booking already accepted',
    );
  });

  it('falls back to the screen message when the server sent none', async () => {
    mockFetch(() => ({ status: 500 }));
    const error = await http.get('/api/coupons').catch((e: unknown) => e);
    expect(getErrorMessage(error, 'Failed to fetch coupons')).toBe('Failed to fetch coupons');
  });

  it('clears the session and hands over to the 401 handler on an authenticated call', async () => {
    storeSession();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 401, body: { message: 'Session expired' } }));
    await expect(http.get('/api/user/user-profile')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 from the login call as an expired session', async () => {
    storeSession();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 401, body: { message: 'Invalid username or password.' } }));
    await expect(http.post('/api/auth/login', {}, { auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('authToken')).not.toBeNull();
  });
});
