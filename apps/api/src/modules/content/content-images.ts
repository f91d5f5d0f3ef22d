/**
 * The illustrations of the seeded articles (/api/content/images/{n}.svg), drawn in code: six motifs
 * (cloud, shield, network, chart, invoice, servers) in four colour schemes, so 24 articles get 24
 * different pictures without binary files in the repository.
 */

interface Palette {
  from: string;
  to: string;
  ink: string;
  accent: string;
  light: string;
}

const palettes: readonly Palette[] = [
  { from: '#0f766e', to: '#14b8a6', ink: '#042f2e', accent: '#fbbf24', light: '#ccfbf1' },
  { from: '#3730a3', to: '#6366f1', ink: '#1e1b4b', accent: '#f472b6', light: '#e0e7ff' },
  { from: '#9a3412', to: '#f97316', ink: '#431407', accent: '#fde047', light: '#ffedd5' },
  { from: '#1e293b', to: '#475569', ink: '#020617', accent: '#38bdf8', light: '#e2e8f0' },
];

const cloud = (p: Palette) => `
  <path d="M260 300h290a70 70 0 0 0 0-140 100 100 0 0 0-190-30 80 80 0 0 0-100 80 45 45 0 0 0 0 90z" fill="${p.light}"/>
  <path d="M400 280v-110m0 0l-40 40m40-40l40 40" stroke="${p.from}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
  <circle cx="600" cy="110" r="22" fill="${p.accent}"/>`;

const shield = (p: Palette) => `
  <path d="M400 80l150 50v90c0 90-65 150-150 180-85-30-150-90-150-180v-90z" fill="${p.light}"/>
  <path d="M335 235l45 45 90-95" stroke="${p.from}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
  <circle cx="215" cy="120" r="14" fill="${p.accent}"/><circle cx="600" cy="330" r="20" fill="${p.accent}"/>`;

const network = (p: Palette) => {
  const nodes: [number, number][] = [
    [200, 140],
    [400, 100],
    [600, 150],
    [260, 320],
    [470, 290],
    [620, 330],
  ];
  const links: [number, number][] = [
    [0, 1],
    [1, 2],
    [0, 3],
    [1, 4],
    [2, 4],
    [3, 4],
    [4, 5],
    [2, 5],
  ];
  return `${links
    .map(([a, b]) => {
      const [x1, y1] = nodes[a] as [number, number];
      const [x2, y2] = nodes[b] as [number, number];
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${p.light}" stroke-width="6" opacity="0.8"/>`;
    })
    .join('')}${nodes
    .map(
      ([x, y], i) =>
        `<circle cx="${x}" cy="${y}" r="${i === 4 ? 36 : 24}" fill="${i === 4 ? p.accent : p.light}" stroke="${p.ink}" stroke-width="4"/>`,
    )
    .join('')}`;
};

const chart = (p: Palette) => {
  const bars = [100, 140, 120, 170, 200, 190, 230];
  return `<rect x="170" y="70" width="460" height="300" rx="18" fill="${p.light}"/>${bars
    .map(
      (h, i) =>
        `<rect x="${205 + i * 60}" y="${340 - h}" width="36" height="${h}" rx="6" fill="${i === bars.length - 1 ? p.accent : p.from}"/>`,
    )
    .join(
      '',
    )}<polyline points="${bars.map((h, i) => `${223 + i * 60},${320 - h}`).join(' ')}" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linejoin="round"/>`;
};

const invoice = (p: Palette) => `
  <rect x="290" y="60" width="220" height="300" rx="14" fill="${p.light}"/>
  ${[110, 145, 180, 215, 250].map((y, i) => `<rect x="320" y="${y}" width="${i % 2 ? 120 : 160}" height="14" rx="7" fill="${p.from}" opacity="0.55"/>`).join('')}
  <circle cx="520" cy="320" r="56" fill="${p.accent}" stroke="${p.ink}" stroke-width="5"/>
  <text x="520" y="342" font-family="Arial, sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="${p.ink}">$</text>`;

const servers = (p: Palette) =>
  [0, 1, 2]
    .map(
      (i) => `<rect x="250" y="${90 + i * 95}" width="300" height="75" rx="12" fill="${p.light}"/>
  <circle cx="285" cy="${127 + i * 95}" r="10" fill="${i === 1 ? p.accent : p.from}"/>
  <circle cx="315" cy="${127 + i * 95}" r="10" fill="${p.from}" opacity="0.5"/>
  ${[0, 1, 2, 3].map((j) => `<rect x="${400 + j * 30}" y="${110 + i * 95}" width="14" height="34" rx="4" fill="${p.ink}" opacity="0.35"/>`).join('')}`,
    )
    .join('');

const motifs = [cloud, shield, network, chart, invoice, servers] as const;

/** Illustration number `n` (1-based): an SVG document of 800×450. */
export function articleImage(n: number): string {
  const index = Math.max(0, n - 1);
  const draw = motifs[index % motifs.length] ?? cloud;
  const p = palettes[Math.floor(index / motifs.length) % palettes.length] ?? (palettes[0] as Palette);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450" role="img" aria-hidden="true">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="800" height="450" fill="url(#bg)"/>
  <circle cx="80" cy="400" r="140" fill="#ffffff" opacity="0.06"/><circle cx="760" cy="40" r="110" fill="#ffffff" opacity="0.08"/>
  ${draw(p)}
</svg>`;
}
