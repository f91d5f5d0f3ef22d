import { basePath } from '../../config/paths.ts';

/**
 * The `url` of admin/get-user-accounts as a router path, only when it is a path inside the portal:
 * '/invoices/index' or '/portal/invoices/index' (with an optional query). Anything else (another
 * site, '//host', a scheme, backslashes, '..' segments) is refused with null.
 */
export function portalReturnPath(url: string | null | undefined): string | null {
  if (!url) return null;
  let path = url.trim();
  if (path === basePath) return '/';
  if (path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (/[\\\s]/.test(path) || /^[^?#]*\/\.\.?(\/|$|[?#])/.test(path)) return null;
  if (!/^\/[\w\-./~%!$&'()*+,;=:@?#]*$/.test(path)) return null;
  try {
    // A relative path that resolves outside the portal origin is not ours either.
    const resolved = new URL(path, 'https://portal.invalid');
    if (resolved.origin !== 'https://portal.invalid') return null;
  } catch {
    return null;
  }
  return path;
}
