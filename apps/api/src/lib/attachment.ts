import { create } from 'content-disposition';

/**
 * `Content-Disposition: attachment` for a file of any name (RFC 6266), the one header of every
 * download: the name itself in `filename*` (RFC 8187, UTF-8) and an ASCII `filename` fallback, so the
 * header holds only bytes Node accepts (`Angebot–1.pdf`, `請求書.pdf` or an emoji in the plain
 * `filename` made it throw as the download started).
 */
export const attachment = (fileName: string) => create(fileName);
