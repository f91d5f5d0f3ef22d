import type { FieldErrors, ResultCode } from '@portal/contract';
import { popups, sessionCodes, timing, twoFactorRequiredCodes } from '@portal/contract';

import { paths } from '../config/paths.ts';
import { ApiError } from './api-error.ts';
import { navigateTo } from './navigation.ts';
import { closePopup, showPopup } from './popups.ts';
import { currentAppPath, withReturnPath } from './return-path.ts';
import { clearToken } from './token.ts';

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** One pending delayed redirect at a time, so parallel failing calls do not queue several. */
let redirectTimer: ReturnType<typeof setTimeout> | null = null;

function redirectLater(to: string): void {
  if (redirectTimer) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = null;
    // The popup announced this redirect: leaving it open over the next page would hide that page.
    closePopup();
    navigateTo(to);
  }, timing.redirectDelayMs);
}

/**
 * The error catalogue (spec core.md section 8): performs the popup or redirect a result code
 * calls for and returns the ApiError to throw. Codes it fully handles come back `handled`.
 */
export function handleErrorCode(code: ResultCode, message: string, status: number, fields: FieldErrors = {}): ApiError {
  if (includes(sessionCodes, code)) {
    clearToken();
    navigateTo(withReturnPath(paths.login('session'), currentAppPath(), window.location.origin));
    return new ApiError(code, message, status, {}, true);
  }
  if (code === 'TOO_MANY_ATTEMPTS') {
    showPopup(popups.tooManyAttempts);
    return new ApiError(code, message, status, {}, true);
  }
  if (code === 'UNACCEPTED_LEGAL_AGREEMENT') {
    showPopup(popups.legal);
    redirectLater(paths.legal());
    return new ApiError(code, message, status, {}, true);
  }
  if (includes(twoFactorRequiredCodes, code)) {
    showPopup({ title: popups.twoFactorRequired.title, body: message });
    redirectLater(paths.profile('two-factor'));
    return new ApiError(code, message, status, {}, true);
  }
  return new ApiError(code, message, status, fields);
}
