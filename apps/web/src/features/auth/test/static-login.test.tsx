import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import html from '../screens/static-login.html?raw';

const words = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('static login screen (served with /login before the scripts run)', () => {
  it('says what the login screen says above its form', async () => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    renderApp('/login');
    const h1 = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(words(page.querySelector('h1')?.textContent)).toBe(words(h1.textContent));
    expect(words(page.querySelector('h1 + p')?.textContent)).toBe(
      words(h1.nextElementSibling?.textContent),
    );
    expect(page.getElementById('static-screen')?.getAttribute('aria-hidden')).toBe('true');
  });
});
