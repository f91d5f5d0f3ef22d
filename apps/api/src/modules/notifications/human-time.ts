/** The readable forms of a notification's time (UTC), filled by the API as the spec's entity lists them. */

/** MM.DD.YYYY of epoch seconds, in UTC. */
export function readableDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}.${d.getUTCFullYear()}`;
}

const units: [name: string, seconds: number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '3 days ago', '1 hour from now', 'just now': the largest whole unit between the two times. */
export function diffForHumans(epochSeconds: number, nowSeconds: number): string {
  const diff = nowSeconds - epochSeconds;
  const abs = Math.abs(diff);
  if (abs < 1) return 'just now';
  for (const [name, size] of units) {
    if (abs >= size) {
      const count = Math.floor(abs / size);
      const phrase = `${count} ${name}${count === 1 ? '' : 's'}`;
      return diff > 0 ? `${phrase} ago` : `${phrase} from now`;
    }
  }
  return 'just now';
}
