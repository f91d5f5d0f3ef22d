import { Input, Text } from '@mantine/core';
import type { captcha } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { getCaptcha } from '../api/get-captcha.ts';

export interface CaptchaFieldProps {
  /** The answer to send as g_recaptcha_response ('' while there is none). */
  onChange: (value: string) => void;
  error?: string;
  /** Change it to get a fresh captcha: answers are single-use, so after a refused submit. */
  resetKey: number;
}

/**
 * The captcha of the account-creation and verification forms. The self-hosted proof of work
 * (ALTCHA widget, loaded only here) solves itself in the background; with the reCAPTCHA provider
 * Google's widget is shown instead.
 */
export function CaptchaField({ onChange, error, resetKey }: CaptchaFieldProps) {
  const setup = useQuery({
    queryKey: ['captcha', resetKey],
    queryFn: getCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const errorId = 'captcha-error';
  return (
    <Input.Wrapper label="Security check" required error={error} errorProps={{ id: errorId }}>
      <div data-testid="captcha" aria-describedby={error ? errorId : undefined}>
        {setup.error ? (
          <ErrorBox error={setup.error} />
        ) : !setup.data ? (
          <LoadingState label="Preparing the security check…" minHeight={48} />
        ) : setup.data.provider === 'altcha' ? (
          <AltchaWidget challenge={setup.data.challenge} onChange={onChange} onExpired={() => void setup.refetch()} />
        ) : (
          <Recaptcha siteKey={setup.data.site_key} onChange={onChange} />
        )}
      </div>
    </Input.Wrapper>
  );
}

interface AltchaElement extends HTMLElement {
  configure(options: Record<string, unknown>): Promise<void>;
  verify(): Promise<unknown>;
}

function AltchaWidget({
  challenge,
  onChange,
  onExpired,
}: {
  challenge: captcha.AltchaChallenge;
  onChange: (value: string) => void;
  onExpired: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onChange, onExpired });
  useEffect(() => {
    callbacks.current = { onChange, onExpired };
  });

  useEffect(() => {
    let cancelled = false;
    const host = container.current;
    callbacks.current.onChange('');
    void import('altcha').then(async () => {
      if (cancelled || !host) return;
      const widget = document.createElement('altcha-widget') as AltchaElement;
      widget.addEventListener('statechange', (event) => {
        const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        if (state === 'verified' && payload) callbacks.current.onChange(payload);
        else if (state !== 'verifying') callbacks.current.onChange('');
        if (state === 'expired') callbacks.current.onExpired();
      });
      host.replaceChildren(widget);
      await customElements.whenDefined('altcha-widget');
      await waitForMethods(widget);
      if (cancelled) return;
      await widget.configure({ challenge, hideFooter: true, minDuration: 300 });
      await widget.verify();
    });
    return () => {
      cancelled = true;
      host?.replaceChildren();
    };
  }, [challenge]);

  return <div ref={container} style={{ minHeight: 48 }} />;
}

/** The widget's methods exist once its component has mounted ('load' event). */
function waitForMethods(widget: AltchaElement): Promise<void> {
  if (typeof widget.configure === 'function') return Promise.resolve();
  return new Promise((resolve) => widget.addEventListener('load', () => resolve(), { once: true }));
}

declare global {
  interface Window {
    grecaptcha?: {
      render(container: HTMLElement, options: Record<string, unknown>): number;
      ready(callback: () => void): void;
    };
  }
}

let recaptchaScript: Promise<void> | undefined;

const loadRecaptcha = () =>
  (recaptchaScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve());
    script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'));
    document.head.append(script);
  }));

function Recaptcha({ siteKey, onChange }: { siteKey: string; onChange: (value: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const target = document.createElement('div');
    host.replaceChildren(target);
    loadRecaptcha().then(
      () =>
        window.grecaptcha?.render(target, {
          sitekey: siteKey,
          callback: (token: string) => change.current(token),
          'expired-callback': () => change.current(''),
        }),
      () => {
        host.textContent = 'The security check could not be loaded. Reload the page to try again.';
      },
    );
    return () => host.replaceChildren();
  }, [siteKey]);
  return (
    <>
      <div ref={container} />
      <Text size="xs" c="dimmed">
        Protected by reCAPTCHA.
      </Text>
    </>
  );
}
