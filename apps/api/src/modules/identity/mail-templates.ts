import type { MailKind, Message } from '../../lib/mail.ts';
import { escapeHtml } from '../../lib/text.ts';

interface Compose {
  to: string;
  kind: MailKind;
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  lines: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  after?: string[];
}

/**
 * A plain message with an optional button link, as text and HTML; the link is listed for the outbox. The
 * mailer closes it with the provider's footer (lib/mail.ts).
 */
export function composeMessage(c: Compose): Message {
  const after = c.after ?? [];
  const text = [
    c.greeting,
    '',
    ...c.lines.flatMap((line) => [line, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...after.flatMap((line) => [line, '']),
  ].join('\n');
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<p>${escapeHtml(c.greeting)}</p>`,
    ...c.lines.map(p),
    ...(c.action
      ? [`<p><a href="${escapeHtml(c.action.url)}" style="font-weight:600">${escapeHtml(c.action.label)}</a></p>`]
      : []),
    ...after.map(p),
  ].join('\n');
  return { to: c.to, subject: c.subject, text, html, kind: c.kind, links: c.action ? [c.action.url] : [] };
}

export const hello = (firstName?: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');
