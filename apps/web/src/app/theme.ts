import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';
import { createTheme, DEFAULT_THEME, localStorageColorSchemeManager } from '@mantine/core';

/**
 * The colour scheme chosen in the user menu, per browser (the inline script of index.html reads the same key
 * before the app loads); 'auto' or nothing follows the system setting. Not cleared at sign-out.
 */
export const colorSchemeKey = 'northwind-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeKey });

/** Northwind brand: navy for structure and primary actions, teal as the accent. */
const navy: MantineColorsTuple = [
  '#eef2f9',
  '#d9e1ee',
  '#afc0dc',
  '#829dca',
  '#5d80bb',
  '#456db2',
  '#3863af',
  '#2a539a',
  '#21498a',
  '#14284b',
];

/**
 * Mantine's palette with shades 8 and 9 darkened (same hue) to meet WCAG AA, 4.5:1 (decision 060).
 * Shade 8 is the filled background under white text and the colour of text in that colour
 * (primaryShade 8); shade 9 is the text of the light variant on shade 1. Shades 0-7 (light
 * backgrounds, bullets, borders) stay Mantine's.
 */
const darkened = (palette: MantineColorsTuple, shade8: string, shade9: string): MantineColorsTuple => {
  const [c0, c1, c2, c3, c4, c5, c6, c7] = palette;
  return [c0, c1, c2, c3, c4, c5, c6, c7, shade8, shade9];
};

const { red, orange, yellow, green, teal } = DEFAULT_THEME.colors;

/**
 * Text colours that Mantine derives from gray-6 and red-6 (about 3.3:1) get shades that reach
 * 4.5:1 on white, the page background (#f4f6fa) and every palette's light tint (shade 1, the
 * background of light alerts), where dimmed text also appears.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--app-page-bg': '#f4f6fa',
    '--app-donut-first': '#14284b',
  },
  // Dark (decision 086): Mantine's dark surfaces; dimmed text, links and errors lightened to 4.5:1 on
  // them (Mantine's dark-2, navy-4 and red-6 fall short on dark-7).
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-navy-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--app-page-bg': 'var(--mantine-color-dark-8)',
    '--app-donut-first': 'var(--mantine-color-navy-3)',
  },
});

export const theme = createTheme({
  primaryColor: 'navy',
  // Filled colours keep shade 8 in dark too: white text on Mantine's lighter dark shades (orange 5) falls under 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  colors: {
    navy,
    red: darkened(red, '#d92121', '#c12828'),
    orange: darkened(orange, '#bf490a', '#b53c0d'),
    // Filled yellow keeps Mantine's shade 8 with dark text (autoContrast below).
    yellow: darkened(yellow, yellow[8], '#9c5100'),
    green: darkened(green, '#267f36', '#247334'),
    teal: darkened(teal, '#087f5a', '#077352'),
  },
  // Dark text on light filled backgrounds: white on yellow cannot reach 4.5:1 without turning it
  // brown. Every other filled colour is dark enough for white text, so only yellow changes.
  autoContrast: true,
  fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  components: {
    // The close (x) button of every dialog has a name for screen readers. A plain object, not
    // Modal.extend(): importing Modal here would put the modal, its scroll area and focus trap in
    // the first bundle of every page (decision 058).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
