/**
 * Joins items with commas and a final 'and' (spec: the agreement links on account creation):
 * [a] → [a]; [a, b] → [a, ' and ', b]; [a, b, c] → [a, ', ', b, ' and ', c].
 */
export function joinWithAnd<T>(items: readonly T[]): (T | string)[] {
  return items.flatMap((item, index) => {
    if (index === 0) return [item];
    return [index === items.length - 1 ? ' and ' : ', ', item];
  });
}
