import { useBrand } from '../../lib/brand.ts';

/**
 * The provider's wordmark (decision 123): its logo, or the portal's own mark, beside the portal's name,
 * in white for the dark (brand-coloured) backgrounds it sits on. The image is decoration: the name beside
 * it is the text, so a link around the wordmark is named by what it shows.
 */
export function Wordmark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const brand = useBrand();
  const mark = size === 'lg' ? 40 : 30;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: size === 'lg' ? 12 : 10 }}>
      {brand.logo_url ? (
        <img
          src={brand.logo_url}
          alt=""
          aria-hidden
          height={mark}
          style={{ height: mark, width: 'auto', maxWidth: mark * 4, display: 'block' }}
        />
      ) : (
        <svg width={mark} height={mark} viewBox="0 0 64 64" aria-hidden focusable="false">
          <rect width="64" height="64" rx="14" fill="#ffffff" />
          <path d="M20 46V28a12 12 0 0 1 24 0v18h-6V28a6 6 0 0 0-12 0v18z" fill={brand.accent_color} />
        </svg>
      )}
      <span style={{ color: '#ffffff', fontWeight: 700, fontSize: size === 'lg' ? 26 : 19, letterSpacing: 0.2 }}>
        {brand.portal_name}
      </span>
    </span>
  );
}
