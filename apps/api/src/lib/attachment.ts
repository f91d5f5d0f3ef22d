/** `attachment` with the file name in both forms (RFC 6266), so every browser saves it under that name. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
