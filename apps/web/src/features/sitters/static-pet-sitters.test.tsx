import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import html from './screens/static-pet-sitters.html?raw';
import guard from '../../../public/static-screen-guard.js?raw';

const words = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('static sitter search (served with /petSitters before the scripts run)', () => {
  it('says what the screen says in its heading', async () => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    storeSession();
    mockFetch(() => ({
      status: 200,
      body: { success: true, nearbyUsers: [], allNotifications: [] },
    }));
    renderApp('/petSitters');
    const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(words(page.querySelector('h1')?.textContent)).toBe(words(h1.textContent));
    expect(page.getElementById('static-screen')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is hidden by the guard script when the tab has no session', () => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('script')?.getAttribute('src')).toBe('/static-screen-guard.js');
    expect(page.querySelector('style')?.textContent).toContain('.no-session .static-sitters');
    const root = document.documentElement;
    sessionStorage.clear();
    new Function(guard)();
    expect(root.classList.contains('no-session')).toBe(true);
    root.classList.remove('no-session');
    storeSession();
    new Function(guard)();
    expect(root.classList.contains('no-session')).toBe(false);
    sessionStorage.clear();
  });
});
