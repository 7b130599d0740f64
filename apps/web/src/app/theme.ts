import {
  Anchor,
  Badge,
  createTheme,
  Notification,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

// A deep teal: shade 8 (filled buttons, links) keeps white text above 6:1 contrast.
const pawsy: MantineColorsTuple = [
  '#e6f7f5',
  '#c8ece7',
  '#9ddcd3',
  '#6dcabd',
  '#45b8a9',
  '#2aa797',
  '#138a7a',
  '#0f7e6f',
  '#0b6e63',
  '#085c52',
];

export const theme = createTheme({
  primaryColor: 'pawsy',
  primaryShade: 8,
  colors: { pawsy },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Components the first page does not load are set by name with plain objects, not
  // `X.extend(…)`: importing one here would put its code into every page's first load (the
  // 150 KB budget of `/`).
  components: {
    // Links in running text must not rely on colour alone (WCAG 1.4.1): underline them.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A badge's label is a status word or two: show it whole. Mantine's badge hides overflow, so
    // in a row beside long text (a booking card on a 390 px phone) the row squeezed it to
    // "PENDI…" even with flex-shrink 0 on the badge; at least its label's width, the text beside
    // it wraps instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // An alert's title in its colour on its light background (teal.8 on teal.1: 4.3:1) is below
    // WCAG AA: titles use the text colour; the icon, border and background keep the colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    // The × of a clearable field (files, dates, a select) is an icon only: give it a name.
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    // A button-like input's placeholder ("Choose a photo") is a span: gray.5 is 2:1 on white.
    InputPlaceholder: { styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } },
    // Toasts' close button is an icon only: give it a name (axe button-name).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the message with gray.6 (3.3:1 on white, below WCAG AA):
      // use the app's dimmed colour (gray.7 in light mode, see cssVariablesResolver below).
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * Mantine's "dimmed" text is gray.6 (#868e96, 3.3:1 on white), below WCAG AA for normal text:
 * use gray.7 (#495057, 8:1) instead, everywhere `c="dimmed"` is used; errors likewise darker.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Error text and borders: red.6 is 3.3:1 on white, red.9 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/**
 * Pawsy has one colour scheme, light. Mantine's default manager reads (and would write) the
 * scheme in localStorage on every start; opening localStorage was ~10 ms of the first render on a
 * slow machine, for a value that can only be 'light'.
 */
export const lightColorScheme: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
