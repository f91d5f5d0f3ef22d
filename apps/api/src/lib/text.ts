/** A UTF-16 surrogate without its other half: no UTF-8 text can hold it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL can store this text: no NUL character and no lone surrogate (JSON may escape
 * one, "\ud800"; the database refuses both, which was a 500).
 */
export const isStorableText = (value: string) => !value.includes('\u0000') && !loneSurrogate.test(value);

/** Text for HTML (an element's content or a quoted attribute). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
