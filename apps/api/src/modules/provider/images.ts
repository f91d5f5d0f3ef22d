import { provider as contract, type ImageType } from '@portal/contract';
import sanitizeHtml from 'sanitize-html';

import type { HeldImage } from './provider.repository.ts';

/**
 * The provider's logo and favicon (decision 123): a PNG is kept as sent once its signature is checked; an
 * SVG keeps only drawing elements and presentation attributes (no script, event handler, link, external
 * reference, foreign object or style sheet), so that the file is inert even opened on its own. Both are
 * served with a policy that allows no script either (provider.routes.ts).
 */

const svgTags = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
];

const svgAttributes = [
  'xmlns',
  'version',
  'id',
  'class',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-rule',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
];

/** A paint or reference that may only point inside the file (`url(#id)`), never to another address. */
const externalReference = /url\(\s*['"]?(?!#)/i;

/** The SVG with only its drawing kept, or null when nothing of an SVG is left. */
export function sanitizeSvg(source: string): string | null {
  const clean = sanitizeHtml(source, {
    parser: { xmlMode: true },
    allowedTags: svgTags,
    allowedAttributes: { '*': svgAttributes },
    selfClosing: ['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'stop'],
    // The text inside what is dropped goes too (a script's code, an HTML island's words).
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript', 'iframe', 'a', 'use', 'image'],
    disallowedTagsMode: 'discard',
    allowedSchemes: [],
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => Object.values(frame.attribs).some((value) => externalReference.test(value)),
  }).trim();
  return /^<svg[\s>]/.test(clean) && clean.endsWith('</svg>') ? clean : null;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const imageMessages = {
  type: 'The image should be an SVG or PNG file.',
  size: 'The image should be at most 200 KB.',
} as const;

/** A data URL as the form sends it, checked and cleaned; a message for the field when it is no usable image. */
export function readImage(dataUrl: string): HeldImage | { error: string } {
  const match = /^data:(image\/svg\+xml|image\/png);base64,(.*)$/s.exec(dataUrl);
  if (!match) return { error: imageMessages.type };
  return checkImage(match[1] as ImageType, Buffer.from(match[2] as string, 'base64'));
}

/** Bytes of a PNG or SVG, checked and cleaned (the file of a deployment's profile too). */
export function checkImage(type: ImageType, bytes: Buffer): HeldImage | { error: string } {
  if (bytes.length === 0 || bytes.length > contract.imageMaxBytes) return { error: imageMessages.size };
  if (type === 'image/png') {
    return bytes.subarray(0, 8).equals(pngSignature) ? { type, bytes } : { error: imageMessages.type };
  }
  const svg = sanitizeSvg(bytes.toString('utf8'));
  return svg ? { type, bytes: Buffer.from(svg, 'utf8') } : { error: imageMessages.type };
}
