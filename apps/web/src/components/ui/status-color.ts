export type StatusColor = 'green' | 'yellow' | 'red';

/**
 * Bullet colour of a ticket status: closed and canceled green, postponed yellow,
 * deferred to client red, anything else yellow. Matching ignores case and spacing
 * ('Deferred to Client', 'deferred-to-client', 'Cancelled').
 */
export function statusColor(status: string | null | undefined): StatusColor {
  const key = (status ?? '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  if (key === 'closed' || key === 'canceled' || key === 'cancelled') return 'green';
  if (key === 'deferred to client') return 'red';
  return 'yellow';
}
