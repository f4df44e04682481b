/**
 * Product photo placeholders drawn as SVG: a soft studio background, a floor shadow and a shape
 * that hints at the product (a puck for a round dampener, a rolled mat, a cushion...). No text,
 * since the machine rendering them may have no Korean fonts.
 */
export type ArtKind =
  | 'round-pad'
  | 'square-pad'
  | 'stand'
  | 'mat-roll'
  | 'mat-flat'
  | 'cushion-square'
  | 'cushion-round'
  | 'pillow'
  | 'band'
  | 'roller'
  | 'ball'
  | 'block'
  | 'dumbbell'
  | 'rope'
  | 'felt'
  | 'foam-panel'
  | 'slipper'
  | 'box';

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` moved towards `b` by `t` (0..1). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}
const shade = (c: string, t: number) => mix(c, '#000000', t);
const tint = (c: string, t: number) => mix(c, '#ffffff', t);

/** The shape of one product, drawn around (50, 50) in a 100 x 100 box. */
function shape(kind: ArtKind, c: string, a: string): string {
  switch (kind) {
    case 'round-pad':
      return `<ellipse cx="50" cy="60" rx="30" ry="12" fill="${shade(c, 0.35)}"/><rect x="20" y="47" width="60" height="13" fill="${shade(c, 0.2)}"/>
<ellipse cx="50" cy="47" rx="30" ry="12" fill="${c}"/><ellipse cx="50" cy="47" rx="21" ry="8" fill="none" stroke="${shade(c, 0.25)}" stroke-width="1.2"/>
<ellipse cx="50" cy="47" rx="10" ry="4" fill="${a}"/><ellipse cx="42" cy="43" rx="12" ry="3" fill="#fff" opacity="0.2"/>`;
    case 'square-pad':
      return `<path d="M30 34H80L70 52H20Z" fill="${c}" stroke="${c}" stroke-linejoin="round" stroke-width="3"/>
<path d="M20 52H70V63H20Z" fill="${shade(c, 0.22)}"/><path d="M70 52L80 34V45L70 63Z" fill="${shade(c, 0.38)}"/>
<g fill="${a}" opacity="0.7"><circle cx="36" cy="40" r="1.6"/><circle cx="50" cy="40" r="1.6"/><circle cx="64" cy="40" r="1.6"/><circle cx="31" cy="47" r="1.6"/><circle cx="45" cy="47" r="1.6"/><circle cx="59" cy="47" r="1.6"/></g>`;
    case 'stand':
      return `<rect x="16" y="36" width="68" height="9" rx="2" fill="${c}"/><rect x="16" y="45" width="68" height="3" fill="${shade(c, 0.3)}"/>
<rect x="20" y="48" width="7" height="16" fill="${shade(c, 0.15)}"/><rect x="73" y="48" width="7" height="16" fill="${shade(c, 0.15)}"/>
<ellipse cx="23.5" cy="66" rx="7" ry="2.8" fill="${a}"/><ellipse cx="76.5" cy="66" rx="7" ry="2.8" fill="${a}"/>`;
    case 'mat-roll':
      return `<path d="M40 62L86 62L92 72L46 72Z" fill="${shade(c, 0.1)}"/><rect x="18" y="38" width="58" height="26" rx="13" fill="${c}"/>
<ellipse cx="24" cy="51" rx="6" ry="13" fill="${shade(c, 0.3)}"/><ellipse cx="24" cy="51" rx="3.5" ry="8" fill="none" stroke="${tint(c, 0.3)}" stroke-width="1"/>
<ellipse cx="24" cy="51" rx="1.5" ry="3.5" fill="${tint(c, 0.3)}"/><rect x="34" y="41" width="36" height="3" rx="1.5" fill="#fff" opacity="0.22"/>
<rect x="46" y="38" width="5" height="26" fill="${a}" opacity="0.85"/>`;
    case 'mat-flat':
      return `<path d="M28 36H72L88 68H12Z" fill="${c}"/><path d="M12 68H88V72H12Z" fill="${shade(c, 0.3)}"/>
<g stroke="${shade(c, 0.15)}" stroke-width="0.8"><path d="M25 44H75"/><path d="M21 52H79"/><path d="M17 60H83"/></g>
<path d="M34 40H66L70 48H30Z" fill="${a}" opacity="0.35"/>`;
    case 'cushion-square':
      return `<path d="M22 24Q50 31 78 24Q71 50 78 76Q50 69 22 76Q29 50 22 24Z" fill="${c}" stroke="${shade(c, 0.18)}" stroke-width="1.2"/>
<circle cx="50" cy="50" r="11" fill="${a}"/><circle cx="50" cy="50" r="5" fill="${tint(a, 0.5)}"/>
<path d="M30 30Q50 36 70 30" fill="none" stroke="#fff" stroke-width="1.5" opacity="0.3"/>`;
    case 'cushion-round':
      return `<circle cx="50" cy="50" r="29" fill="${c}"/><circle cx="50" cy="50" r="23" fill="none" stroke="${shade(c, 0.15)}" stroke-width="1"/>
<g stroke="${shade(c, 0.2)}" stroke-width="0.9"><path d="M50 22V78"/><path d="M22 50H78"/><path d="M30 30L70 70"/><path d="M70 30L30 70"/></g>
<circle cx="50" cy="50" r="4.5" fill="${a}"/><ellipse cx="41" cy="36" rx="9" ry="4" fill="#fff" opacity="0.18"/>`;
    case 'pillow':
      return `<rect x="12" y="38" width="76" height="26" rx="13" fill="${c}"/><path d="M22 51H78" stroke="${shade(c, 0.15)}" stroke-width="1" stroke-dasharray="2 2"/>
<rect x="22" y="41" width="40" height="4" rx="2" fill="#fff" opacity="0.22"/><circle cx="80" cy="51" r="3" fill="${a}"/>`;
    case 'band':
      return `<g fill="none" stroke-width="5"><ellipse cx="40" cy="48" rx="22" ry="14" stroke="${c}"/>
<ellipse cx="58" cy="54" rx="22" ry="14" stroke="${a}"/><ellipse cx="50" cy="44" rx="16" ry="10" stroke="${shade(c, 0.25)}"/></g>`;
    case 'roller':
      return `<rect x="22" y="36" width="56" height="28" fill="${c}"/><ellipse cx="22" cy="50" rx="7" ry="14" fill="${shade(c, 0.3)}"/>
<ellipse cx="78" cy="50" rx="7" ry="14" fill="${tint(c, 0.25)}"/><ellipse cx="78" cy="50" rx="3" ry="6" fill="${a}"/>
<g stroke="${shade(c, 0.18)}" stroke-width="1.6"><path d="M32 36V64"/><path d="M42 36V64"/><path d="M52 36V64"/><path d="M62 36V64"/></g>
<rect x="22" y="39" width="56" height="3" fill="#fff" opacity="0.2"/>`;
    case 'ball':
      return `<circle cx="40" cy="50" r="20" fill="${c}"/><circle cx="66" cy="58" r="12" fill="${a}"/>
<circle cx="34" cy="43" r="6" fill="#fff" opacity="0.25"/><circle cx="62" cy="54" r="3.5" fill="#fff" opacity="0.25"/>`;
    case 'block':
      return `<path d="M28 34L60 27L76 37L44 44Z" fill="${tint(c, 0.25)}"/><path d="M28 34L44 44V70L28 60Z" fill="${shade(c, 0.25)}"/>
<path d="M44 44L76 37V63L44 70Z" fill="${c}"/><path d="M50 50L70 46" stroke="${a}" stroke-width="2"/>`;
    case 'dumbbell':
      return `<rect x="28" y="47" width="44" height="6" rx="2" fill="#8a8f96"/><rect x="18" y="36" width="13" height="28" rx="4" fill="${c}"/>
<rect x="69" y="36" width="13" height="28" rx="4" fill="${c}"/><rect x="20" y="39" width="3" height="22" rx="1.5" fill="#fff" opacity="0.25"/>
<rect x="71" y="39" width="3" height="22" rx="1.5" fill="#fff" opacity="0.25"/><rect x="44" y="46" width="12" height="8" rx="2" fill="${a}"/>`;
    case 'rope':
      return `<path d="M28 36C20 84 80 84 72 36" fill="none" stroke="${c}" stroke-width="2.6"/>
<rect x="24" y="20" width="8" height="18" rx="3" fill="${a}"/><rect x="68" y="20" width="8" height="18" rx="3" fill="${a}"/>
<rect x="25.5" y="23" width="5" height="4" rx="1" fill="${shade(a, 0.3)}"/>`;
    case 'felt':
      return `<rect x="20" y="26" width="60" height="48" rx="3" fill="${tint(c, 0.8)}" stroke="${tint(c, 0.5)}"/>
<g fill="${c}">${[34, 50, 66].flatMap((x) => [38, 50, 62].map((y) => `<circle cx="${x}" cy="${y}" r="5.5"/>`)).join('')}</g>
<g fill="${a}" opacity="0.5"><circle cx="34" cy="38" r="2"/><circle cx="66" cy="62" r="2"/></g>`;
    case 'foam-panel':
      return `<g>${[0, 1, 2]
        .flatMap((i) =>
          [0, 1, 2].map((j) => {
            const x = 26 + i * 16;
            const y = 26 + j * 16;
            return `<path d="M${x} ${y}h16l-8 8Z" fill="${tint(c, 0.2)}"/><path d="M${x + 16} ${y}v16l-8-8Z" fill="${c}"/><path d="M${x} ${y + 16}h16l-8-8Z" fill="${shade(c, 0.3)}"/><path d="M${x} ${y}v16l8-8Z" fill="${shade(c, 0.12)}"/>`;
          }),
        )
        .join(
          '',
        )}</g><rect x="26" y="26" width="48" height="48" fill="none" stroke="${a}" stroke-width="0.8"/>`;
    case 'slipper':
      return `<path d="M32 26C20 26 18 58 23 70C27 80 43 80 45 70C48 56 46 26 32 26Z" fill="${c}"/>
<path d="M21 46C26 40 42 40 46 46L45 56C40 52 27 52 22 56Z" fill="${a}"/>
<path d="M62 30C50 30 48 62 53 74C57 84 73 84 75 74C78 60 76 30 62 30Z" fill="${shade(c, 0.1)}"/>
<path d="M51 50C56 44 72 44 76 50L75 60C70 56 57 56 52 60Z" fill="${shade(a, 0.1)}"/>`;
    case 'box':
      return `<path d="M24 34L56 26L78 34L46 42Z" fill="${tint(c, 0.3)}"/><path d="M24 34L46 42V72L24 64Z" fill="${shade(c, 0.2)}"/>
<path d="M46 42L78 34V64L46 72Z" fill="${c}"/><path d="M46 52L78 44V50L46 58Z" fill="${a}"/>`;
  }
}

export interface ArtSpec {
  kind: ArtKind;
  color: string;
  accent: string;
  /** 0: main photo, 1: close-up, 2: set of several. */
  view: number;
}

/** The drawing of a product image without its pixel size (the part that identifies it). */
export function productArt({ kind, color, accent, view }: ArtSpec): string {
  const bgTop = view === 2 ? tint(accent, 0.88) : tint(color, view === 1 ? 0.8 : 0.9);
  const bgBottom = view === 2 ? tint(accent, 0.74) : tint(color, view === 1 ? 0.64 : 0.76);
  const bg = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#bg)"/><rect y="78" width="100" height="22" fill="#ffffff" opacity="0.18"/>`;
  const one = shape(kind, color, accent);
  if (view === 1) {
    return `${bg}<circle cx="84" cy="16" r="30" fill="#fff" opacity="0.18"/><g transform="translate(50 52) scale(1.35) translate(-50 -50)">${one}</g>`;
  }
  if (view === 2) {
    const place = (x: number, y: number, s: number) =>
      `<ellipse cx="${x}" cy="${y + 22 * s}" rx="${26 * s}" ry="${4 * s}" fill="#000" opacity="0.1"/><g transform="translate(${x} ${y}) scale(${s}) translate(-50 -50)">${one}</g>`;
    return `${bg}${place(30, 34, 0.5)}${place(72, 40, 0.5)}${place(48, 66, 0.56)}`;
  }
  return `${bg}<ellipse cx="50" cy="77" rx="32" ry="5" fill="#000" opacity="0.1"/>${one}`;
}

/** A 3:1 banner: a two-colour gradient with soft circles, products on the right, room for text on the left. */
export function bannerArt(from: string, to: string, kind: ArtKind, color: string, accent: string): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="100" fill="url(#bg)"/><circle cx="40" cy="110" r="60" fill="#fff" opacity="0.08"/><circle cx="260" cy="-10" r="50" fill="#fff" opacity="0.12"/>
<circle cx="215" cy="55" r="38" fill="#fff" opacity="0.18"/><ellipse cx="212" cy="80" rx="34" ry="5" fill="#000" opacity="0.12"/>
<g transform="translate(162 5) scale(1)">${shape(kind, color, accent)}</g><g transform="translate(232 34) scale(0.55)">${shape(kind, accent, color)}</g>`;
}

export function svgDocument(body: string, viewWidth: number, viewHeight: number, pixelWidth: number): string {
  const pixelHeight = Math.round((pixelWidth * viewHeight) / viewWidth);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewWidth} ${viewHeight}" width="${pixelWidth}" height="${pixelHeight}">${body}</svg>`;
}
