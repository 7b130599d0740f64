import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

// Read from disk: the test run turns every CSS import into an empty module.
const themeVariables = readFileSync(
  path.join(import.meta.dirname, 'styles/theme-variables.css'),
  'utf8',
);

/** A stylesheet's text without comments, white space or quote style: formatting does not count. */
const bare = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/'/g, '"');

describe('styles/theme-variables.css', () => {
  it("says what Mantine's provider makes of the theme (provider.tsx no longer writes it)", () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p>theme</p>
      </MantineProvider>,
    );
    const generated = document.querySelector('style[data-mantine-styles="true"]')?.textContent;
    expect(generated, 'Mantine wrote no theme variables').toBeTruthy();
    // On a theme change: put this text (after the file's comment) into styles/theme-variables.css.
    expect(bare(themeVariables), `theme-variables.css should read:\n${generated}`).toBe(
      bare(generated ?? ''),
    );
  });
});
