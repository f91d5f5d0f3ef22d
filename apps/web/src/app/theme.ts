import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from '@mantine/core';
import { createTheme, DEFAULT_THEME, localStorageColorSchemeManager, mergeThemeOverrides } from '@mantine/core';

/**
 * The colour scheme chosen in the user menu, per browser (the inline script of index.html reads the same key
 * before the app loads); 'auto' or nothing follows the system setting. Not cleared at sign-out.
 */
export const colorSchemeKey = 'portal-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeKey });

/** Mixes #rrggbb `color` into `base` by `weight` (0: base, 1: color), in sRGB. */
function mix(base: string, color: string, weight: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) => Math.round(channel(base, i) + (channel(color, i) - channel(base, i)) * weight))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * A palette from one of the provider profile's colours (decision 123): tints towards white for light
 * backgrounds, borders and bullets (shades 0-7), and the colour itself for shades 8 and 9, the filled
 * background under white text and the header. The profile refuses a colour white text fails 4.5:1 on.
 */
export function paletteOf(color: string): MantineColorsTuple {
  const tints = [0.05, 0.1, 0.24, 0.4, 0.55, 0.7, 0.82, 0.92].map((w) => mix('#ffffff', color, w));
  return [...tints, color, color] as unknown as MantineColorsTuple;
}

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
    '--app-donut-first': 'var(--mantine-color-brand-9)',
  },
  // Dark (decision 086): Mantine's dark surfaces; dimmed text, links and errors lightened to 4.5:1 on
  // them (Mantine's dark-2, the brand's shade 4 and red-6 fall short on dark-7).
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--app-page-bg': 'var(--mantine-color-dark-8)',
    '--app-donut-first': 'var(--mantine-color-brand-3)',
  },
});

const baseTheme = createTheme({
  primaryColor: 'brand',
  // Filled colours keep shade 8 in dark too: white text on Mantine's lighter dark shades (orange 5) falls under 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  colors: {
    brand: paletteOf('#334155'),
    accent: paletteOf('#0f766e'),
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

/** The theme under the provider profile's colours: `brand` (primary) and `accent`. */
export function brandTheme(primary: string, accent: string): MantineThemeOverride {
  return mergeThemeOverrides(baseTheme, { colors: { brand: paletteOf(primary), accent: paletteOf(accent) } });
}

/** The theme under the neutral colours (tests of components). */
export const theme = baseTheme;
