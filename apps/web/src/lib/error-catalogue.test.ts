import { popups } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../config/paths.ts';
import { handleErrorCode } from './error-catalogue.ts';
import { setNavigator } from './navigation.ts';
import { closePopup, getPopup } from './popups.ts';

describe('a popup whose action redirects', () => {
  const visited: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    visited.length = 0;
    setNavigator((to) => visited.push(to));
  });
  afterEach(() => {
    vi.useRealTimers();
    closePopup();
  });

  it('closes when the redirect happens (legal agreement)', () => {
    handleErrorCode('UNACCEPTED_LEGAL_AGREEMENT', '', 403);
    expect(getPopup()?.title).toBe(popups.legal.title);
    vi.advanceTimersByTime(2999);
    expect(visited).toEqual([]);
    expect(getPopup()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(visited).toEqual([paths.legal()]);
    expect(getPopup()).toBeNull();
  });
});
