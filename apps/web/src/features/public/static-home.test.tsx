import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createTestStore } from '../../app/store';
import { HomeHero } from './components/home-hero';
import html from './static-home.html?raw';

const words = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('static home hero (served with / before the scripts run)', () => {
  it('says what the home hero says', () => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    render(
      <AppProvider store={createTestStore()} env="test">
        <MemoryRouter>
          <HomeHero />
        </MemoryRouter>
      </AppProvider>,
    );
    const h1 = document.getElementById('home-title');
    expect(words(page.querySelector('h1')?.textContent)).toBe(words(h1?.textContent));
    expect(words(page.querySelector('p')?.textContent)).toBe(
      words(h1?.nextElementSibling?.textContent),
    );
    expect(page.getElementById('static-screen')?.getAttribute('aria-hidden')).toBe('true');
  });
});
