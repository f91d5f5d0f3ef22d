/**
 * Route segments: the part of /portal/{controller}/{action}/{segments} after the action.
 * A page states what it accepts; anything else sends the user to the dashboard.
 */

/** Splits a splat ('12/abc%20d/') into decoded, non-empty segments; null when badly encoded. */
export function splitSegments(splat: string | undefined): string[] | null {
  if (!splat) return [];
  try {
    return splat
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

/** Exactly `count` segments, or null. */
export function exactSegments(segments: readonly string[] | null, count: number): string[] | null {
  return segments && segments.length === count ? [...segments] : null;
}

/** Between `min` and `max` segments (the rest are optional), padded with undefined to `max`; or null. */
export function optionalSegments(
  segments: readonly string[] | null,
  max: number,
  min = 0,
): (string | undefined)[] | null {
  if (!segments || segments.length < min || segments.length > max) return null;
  return Array.from({ length: max }, (_, index) => segments[index]);
}

/** A positive integer id (database key), or null: '12' → 12; '0', '-1', '1.5', '12abc' → null. */
export function idSegment(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}

/** Several id segments at once: all valid ids, or null. */
export function idSegments(values: readonly (string | undefined)[]): number[] | null {
  const ids = values.map(idSegment);
  return ids.every((id): id is number => id !== null) ? ids : null;
}
