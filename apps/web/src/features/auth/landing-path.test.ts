import { describe, expect, it } from 'vitest';
import { returnPath } from './landing-path';

const member = { id: 'u7', userType: 'user' };
const admin = { id: 'a1', userType: 'admin' };

describe('returnPath: where a login after a session ended goes back to', () => {
  it('the guarded page it was on, for the same member', () => {
    expect(returnPath({ path: '/bookings?tab=past', userId: 'u7' }, member)).toBe(
      '/bookings?tab=past',
    );
    expect(returnPath({ path: '/dispute/d1', userId: 'u7' }, member)).toBe('/dispute/d1');
  });

  it('nowhere for someone else, a public page, an unknown path or another site', () => {
    expect(returnPath({ path: '/bookings', userId: 'u8' }, member)).toBeNull();
    expect(returnPath({ path: '/contact-us', userId: 'u7' }, member)).toBeNull();
    expect(returnPath({ path: '/login', userId: 'u7' }, member)).toBeNull();
    expect(returnPath({ path: '/no-such-page', userId: 'u7' }, member)).toBeNull();
    expect(returnPath({ path: '/settings', userId: 'u7' }, member)).toBeNull(); // it is /Settings
    expect(returnPath({ path: '//evil.example/bookings', userId: 'u7' }, member)).toBeNull();
    expect(returnPath(undefined, member)).toBeNull();
  });

  it('an admin screen only for an admin', () => {
    for (const path of [
      '/kyclisting',
      '/admin/disputes',
      '/admin/messages',
      '/dashboard',
      '/admin/dispute/d1',
    ]) {
      expect(returnPath({ path, userId: 'u7' }, member)).toBeNull();
      expect(returnPath({ path, userId: 'a1' }, admin)).toBe(path);
    }
  });
});
