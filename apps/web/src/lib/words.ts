/** Words that depend on a number or a name, in one place (English; the app's only language). */

import { formatCount } from './formats.ts';

const rules = new Intl.PluralRules('en');

/** "1 account", "2 accounts", "0 accounts". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count, 3)} ${rules.select(count) === 'one' ? singular : plural}`;
}

/** The verb agreeing with a count: was/were, is/are, has/have. */
export function agree(count: number, one: 'was' | 'is' | 'has'): string {
  if (rules.select(count) === 'one') return one;
  return { was: 'were', is: 'are', has: 'have' }[one];
}

/** Initials from first and last name: "Sam", "Kim" → "SK"; one name alone gives one letter. */
export function initials(firstName: string, lastName: string): string {
  const first = (name: string) => [...name.trim()][0]?.toLocaleUpperCase() ?? '';
  return first(firstName) + first(lastName);
}
