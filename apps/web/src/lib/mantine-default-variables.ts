import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type ConvertCSSVariablesInput,
} from '@mantine/core';

let defaults: ConvertCSSVariablesInput | undefined;

/**
 * Stands in for Mantine's own `removeDefaultVariables` (build/mantine-patches.ts): the same
 * answer, but Mantine's default theme variables are worked out on the first call instead of when
 * the module is evaluated. The app never calls it (provider.tsx sets withCssVariables={false};
 * the variables are in styles/theme-variables.css), so the ~10 ms that work took on a slow machine
 * left the task that evaluates the app's modules.
 */
export function removeDefaultVariables(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  defaults ??= defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const part of ['variables', 'light', 'dark'] as const) {
    for (const [key, value] of Object.entries(input[part])) {
      if (defaults[part][key as keyof (typeof defaults)[typeof part]] !== value) {
        cleaned[part][key as keyof (typeof cleaned)[typeof part]] = value;
      }
    }
  }
  return cleaned;
}
