/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { getToken } from './api/get-token.ts';
export { AuthFrame } from './components/AuthFrame.tsx';
export { completeSignIn } from './sign-in.ts';
export { SignOutEverywhere } from './components/SignOutEverywhere.tsx';
