import type { MantineColorsTuple } from '@mantine/core';
import { createTheme } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy },
  fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
});
