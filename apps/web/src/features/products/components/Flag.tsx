import type { ReactNode } from 'react';

/**
 * A small flag set (decision 095): the countries threats most often come from, drawn as simplified
 * 21x14 SVGs (no emoji font is needed, so they look the same everywhere). Other countries show their
 * ISO code on a grey tile.
 */

const W = 21;
const H = 14;

const bands = (colors: readonly string[], vertical = false) =>
  colors.map((fill, i) =>
    vertical ? (
      <rect key={i} x={(W / colors.length) * i} y={0} width={W / colors.length} height={H} fill={fill} />
    ) : (
      <rect key={i} x={0} y={(H / colors.length) * i} width={W} height={H / colors.length} fill={fill} />
    ),
  );

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.4;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  });
  return <polygon points={points.join(' ')} fill={fill} />;
};

const flags: Record<string, () => ReactNode> = {
  US: () => (
    <>
      {bands(['#b22234', '#fff', '#b22234', '#fff', '#b22234', '#fff', '#b22234'])}
      <rect width={9} height={7.5} fill="#3c3b6e" />
    </>
  ),
  CN: () => (
    <>
      <rect width={W} height={H} fill="#de2910" />
      {star(4, 4, 2.6, '#ffde00')}
    </>
  ),
  VN: () => (
    <>
      <rect width={W} height={H} fill="#da251d" />
      {star(W / 2, H / 2, 4.5, '#ff0')}
    </>
  ),
  RU: () => bands(['#fff', '#0039a6', '#d52b1e']),
  DE: () => bands(['#000', '#dd0000', '#ffce00']),
  NL: () => bands(['#ae1c28', '#fff', '#21468b']),
  ID: () => bands(['#ce1126', '#fff']),
  UA: () => bands(['#0057b7', '#ffd700']),
  FR: () => bands(['#0055a4', '#fff', '#ef4135'], true),
  IN: () => (
    <>
      {bands(['#ff9933', '#fff', '#138808'])}
      <circle cx={W / 2} cy={H / 2} r={1.8} fill="none" stroke="#000080" strokeWidth={0.6} />
    </>
  ),
  BR: () => (
    <>
      <rect width={W} height={H} fill="#009c3b" />
      <polygon points={`${W / 2},1.5 ${W - 2},${H / 2} ${W / 2},${H - 1.5} 2,${H / 2}`} fill="#ffdf00" />
      <circle cx={W / 2} cy={H / 2} r={3} fill="#002776" />
    </>
  ),
  GB: () => (
    <>
      <rect width={W} height={H} fill="#012169" />
      <path d={`M0,0 L${W},${H} M${W},0 L0,${H}`} stroke="#fff" strokeWidth={2.8} />
      <path d={`M0,0 L${W},${H} M${W},0 L0,${H}`} stroke="#c8102e" strokeWidth={1} />
      <path d={`M${W / 2},0 V${H} M0,${H / 2} H${W}`} stroke="#fff" strokeWidth={4.2} />
      <path d={`M${W / 2},0 V${H} M0,${H / 2} H${W}`} stroke="#c8102e" strokeWidth={2.4} />
    </>
  ),
  KR: () => (
    <>
      <rect width={W} height={H} fill="#fff" />
      <path d={`M${W / 2 - 3.5},${H / 2} a3.5,3.5 0 0 1 7,0 z`} fill="#cd2e3a" />
      <path d={`M${W / 2 - 3.5},${H / 2} a3.5,3.5 0 0 0 7,0 z`} fill="#0047a0" />
    </>
  ),
  TR: () => (
    <>
      <rect width={W} height={H} fill="#e30a17" />
      <circle cx={8} cy={H / 2} r={3.6} fill="#fff" />
      <circle cx={9} cy={H / 2} r={2.9} fill="#e30a17" />
      {star(12.6, H / 2, 1.6, '#fff')}
    </>
  ),
};

/** The flag of a country (ISO 3166-1 alpha-2), labelled with its name. */
export function Flag({ code, name }: { code: string; name: string }) {
  const draw = flags[code];
  return (
    <svg
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Flag of ${name}`}
      style={{ flex: 'none', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' }}
      data-testid="flag"
    >
      {draw ? (
        draw()
      ) : (
        <>
          <rect width={W} height={H} fill="#dee2e6" />
          <text x={W / 2} y={H / 2 + 3} textAnchor="middle" fontSize={8} fontFamily="sans-serif" fill="#495057">
            {code}
          </text>
        </>
      )}
    </svg>
  );
}
