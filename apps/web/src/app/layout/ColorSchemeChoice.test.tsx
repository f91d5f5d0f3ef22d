import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { colorSchemeKey, colorSchemeManager, theme } from '../theme.ts';
import { ColorSchemeChoice } from './ColorSchemeChoice.tsx';

const renderChoice = () =>
  render(
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <ColorSchemeChoice />
    </MantineProvider>,
  );

const pressed = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ColorSchemeChoice', () => {
  it('starts on the system setting, and a choice sets the page scheme and is kept in this browser', () => {
    renderChoice();
    expect(screen.getByRole('group', { name: 'Appearance' })).toBeTruthy();
    expect(pressed()).toEqual(['System']);

    fireEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(pressed()).toEqual(['Dark']);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(localStorage.getItem(colorSchemeKey)).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Light' }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(localStorage.getItem(colorSchemeKey)).toBe('light');
  });

  it('reads the kept choice on the next visit', () => {
    localStorage.setItem(colorSchemeKey, 'dark');
    renderChoice();
    expect(pressed()).toEqual(['Dark']);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });
});
