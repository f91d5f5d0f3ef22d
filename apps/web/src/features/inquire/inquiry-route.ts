import { contact, type InquiryType } from '@portal/contract';

export interface InquiryRoute {
  type: InquiryType;
  /** Shown in the subject: the order number, ticket number or notification ticket number. */
  display: string;
  /** What the inquiry is about (base order id, ticket id), sent along as `value`. */
  value?: string;
}

const isInquiryType = (value: string | undefined): value is InquiryType =>
  (contact.inquiryTypes as readonly (string | undefined)[]).includes(value);

/**
 * Segments of inquire/{type}/{display}/{value}: a known type, a display for every type but
 * feedback, at most three segments. Anything else is null (the page sends it to the dashboard).
 */
export function parseInquiryRoute(segments: readonly string[]): InquiryRoute | null {
  const [type, display, value, ...extra] = segments;
  if (!isInquiryType(type) || extra.length > 0) return null;
  if (type !== 'feedback' && !display?.trim()) return null;
  return { type, display: display?.trim() ?? '', ...(value?.trim() ? { value: value.trim() } : {}) };
}
