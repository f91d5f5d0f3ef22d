/** The Northwind wordmark: the mark plus the name, in white for dark backgrounds by default. */
export function Wordmark({ tone = 'light', size = 'md' }: { tone?: 'light' | 'dark'; size?: 'md' | 'lg' }) {
  const text = tone === 'light' ? '#ffffff' : '#14284b';
  const mark = size === 'lg' ? 40 : 30;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: size === 'lg' ? 12 : 10 }}>
      <svg width={mark} height={mark} viewBox="0 0 64 64" aria-hidden>
        <rect width="64" height="64" rx="14" fill={tone === 'light' ? '#ffffff' : '#14284b'} />
        <path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#2ec4b6" />
      </svg>
      <span style={{ color: text, fontWeight: 700, fontSize: size === 'lg' ? 26 : 19, letterSpacing: 0.2 }}>
        Northwind <span style={{ fontWeight: 400, opacity: 0.8 }}>Portal</span>
      </span>
    </span>
  );
}
