/**
 * Draws the demo pictures locally, without the network: every picture is an SVG string built here,
 * which the server's seed renders to WebP. Rooms are one-point-perspective interiors in the room's
 * palette, dishes are top-down table scenes, amenity icons stay SVG line icons. Everything is
 * seeded by the slug, so the same content always gives the same bytes (and the same
 * content-addressed file names).
 */
import type {
  DemoProduct,
  DemoRoom,
  DishLook,
  IconMotif,
  RoomPalette,
  WindowView,
} from './content';

// ---------------------------------------------------------------------------------------------
// Numbers, randomness, colours
// ---------------------------------------------------------------------------------------------

type Pt = readonly [number, number];
type Rng = () => number;

/** Short decimal for SVG output. */
const f = (n: number): string => (Math.round(n * 10) / 10).toString();
const pts = (list: readonly Pt[]): string => list.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for drawing. */
function seeded(key: string): Rng {
  let a = hashString(key);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length) % items.length]!;
}

type Rgb = [number, number, number];
function rgb(hex: string): Rgb {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(clamp(v, 0, 255)).toString(16).padStart(2, '0')).join('')}`;
}
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
/** Lighter towards a warm white / darker towards a warm black, so shading never turns grey. */
const light = (c: string, t: number) => mix(c, '#fffaf1', t);
const dark = (c: string, t: number) => mix(c, '#1d120b', t);
function luma(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
/** Hue in degrees and saturation 0..1. */
function hueSat(c: string): [number, number] {
  const [r, g, b] = rgb(c).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return [0, 0];
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  const l = (max + min) / 2;
  return [(h * 60 + 360) % 360, d / (1 - Math.abs(2 * l - 1))];
}
type GarnishKind = 'herb' | 'berry' | 'golden' | 'spice' | 'flower' | 'pale';
/** What a garnish colour most likely is. */
function garnishKind(c: string): GarnishKind {
  const [h, s] = hueSat(c);
  const l = luma(c);
  if (l > 0.85) return 'pale';
  if (h >= 65 && h <= 170 && s > 0.2) return 'herb';
  if (h >= 290 && h <= 335 && l > 0.35) return 'flower';
  if ((h >= 335 || h < 15) && s > 0.35) return 'berry';
  if (l < 0.3) return 'spice';
  return 'golden';
}

// ---------------------------------------------------------------------------------------------
// A small SVG builder: gradients and filters are defined once and referred to by url(#id).
// ---------------------------------------------------------------------------------------------

type Stop = readonly [offset: number, color: string, opacity?: number];

class Svg {
  private readonly defs: string[] = [];
  private readonly cache = new Map<string, string>();
  private n = 0;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  private define(key: string, make: (id: string) => string): string {
    const known = this.cache.get(key);
    if (known) return known;
    const id = this.id('d');
    this.defs.push(make(id));
    const url = `url(#${id})`;
    this.cache.set(key, url);
    return url;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
      .join('');
  }

  /** Linear gradient; coordinates are fractions of the shape's box unless `user` is set. */
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const key = `l${JSON.stringify(stops)}${x1},${y1},${x2},${y2},${user}`;
    return this.define(
      key,
      (id) =>
        `<linearGradient id="${id}" x1="${f4(x1)}" y1="${f4(y1)}" x2="${f4(x2)}" y2="${f4(y2)}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${this.stops(stops)}</linearGradient>`,
    );
  }

  /** Radial gradient, by default focused a little towards the top left (where the light is). */
  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, user = false): string {
    const key = `r${JSON.stringify(stops)}${cx},${cy},${r},${fx},${fy},${user}`;
    return this.define(
      key,
      (id) =>
        `<radialGradient id="${id}" cx="${f4(cx)}" cy="${f4(cy)}" r="${f4(r)}" fx="${f4(fx)}" fy="${f4(fy)}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${this.stops(stops)}</radialGradient>`,
    );
  }

  /** A rounded solid: lighter towards the top left, darker at the rim. */
  solid(c: string, lift = 0.2, sink = 0.22): string {
    return this.rad([[0, light(c, lift)], [0.55, c], [1, dark(c, sink)]], 0.42, 0.4, 0.62, 0.3, 0.28);
  }

  blur(std: number): string {
    return this.define(
      `b${std}`,
      (id) =>
        `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
  }

  pattern(key: string, w: number, h: number, body: string, transform = ''): string {
    return this.define(
      `p${key}`,
      (id) =>
        `<pattern id="${id}" width="${f(w)}" height="${f(h)}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${body}</pattern>`,
    );
  }

  clip(shape: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  render(body: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}
const f4 = (n: number) => (Math.round(n * 10000) / 10000).toString();

/** A smooth closed path through the points (Catmull-Rom turned into cubic Béziers). */
function smooth(points: readonly Pt[]): string {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n]!;
  let d = `M${f(at(0)[0])} ${f(at(0)[1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return `${d}Z`;
}

/** An organic blob: an ellipse with jittered radii, rotated by `rot` degrees. */
function blob(rng: Rng, cx: number, cy: number, rx: number, ry: number, jitter = 0.12, n = 9, rot = 0): string {
  const a = (rot * Math.PI) / 180;
  const list: Pt[] = [];
  const phase = rng() * Math.PI * 2;
  for (let i = 0; i < n; i++) {
    const t = phase + (i / n) * Math.PI * 2;
    const k = 1 + (rng() * 2 - 1) * jitter;
    const x = Math.cos(t) * rx * k;
    const y = Math.sin(t) * ry * k;
    list.push([cx + x * Math.cos(a) - y * Math.sin(a), cy + x * Math.sin(a) + y * Math.cos(a)]);
  }
  return smooth(list);
}

const circle = (cx: number, cy: number, r: number, attrs: string) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" ${attrs}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, attrs: string) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" ${attrs}/>`;
const rect = (x: number, y: number, w: number, h: number, attrs: string) =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" ${attrs}/>`;
const poly = (list: readonly Pt[], attrs: string) => `<polygon points="${pts(list)}" ${attrs}/>`;
const path = (d: string, attrs: string) => `<path d="${d}" ${attrs}/>`;
const line = (a: Pt, b: Pt, attrs: string) => `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" ${attrs}/>`;
const g = (attrs: string, body: string) => `<g ${attrs}>${body}</g>`;

/**
 * A soft-edged shape without a blur filter (filters are slow in librsvg): the shape drawn a few
 * times with widening, faint round strokes, which reads as a soft shadow or a pool of light.
 */
function soft(el: (attrs: string) => string, color: string, opacity: number, radius: number, extra = ''): string {
  const steps = radius > 10 ? 8 : radius > 5 ? 6 : 4;
  const o = 1 - Math.pow(1 - opacity, 1 / (2 * steps));
  const out: string[] = [];
  for (let i = steps; i >= 1; i--) {
    const w = (2.2 * radius * i) / steps;
    out.push(el(`fill="${color}" fill-opacity="${f4(o)}" stroke="${color}" stroke-opacity="${f4(o)}" stroke-width="${f(w)}" stroke-linejoin="round" ${extra}`));
  }
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Amenity icons: 96×96 line icons, one stroke colour, transparent background.
// ---------------------------------------------------------------------------------------------

const ICON_STROKE = '#8a5a3b';

const iconBodies: Record<IconMotif, string> = {
  wifi:
    '<path d="M21.1 43.1a38 38 0 0 1 53.8 0"/><path d="M29.6 51.6a26 26 0 0 1 36.8 0"/><path d="M38.1 60.1a14 14 0 0 1 19.8 0"/>' +
    `<circle cx="48" cy="70" r="3.5" fill="${ICON_STROKE}" stroke="none"/>`,
  snowflake:
    '<path d="M48 14v68M18.6 31l58.8 34M18.6 65l58.8-34"/>' +
    '<path d="M40 18l8 8 8-8M40 78l8-8 8 8M17.5 40.7l11 2.9-2.9-11M78.5 55.3l-11-2.9 2.9 11M25.6 63.4l2.9-11-11 2.9M70.4 32.6l-2.9 11 11-2.9"/>',
  'coffee-machine':
    '<path d="M24 16h48v64H24z"/><path d="M24 30h48"/><path d="M40 30v10h16V30"/><path d="M48 40v6"/>' +
    '<path d="M37 56h22v8a8 8 0 0 1-8 8h-6a8 8 0 0 1-8-8z"/><path d="M59 59h3a4 4 0 0 1 0 8h-3"/><path d="M18 80h60"/>' +
    '<circle cx="62" cy="23" r="1.8"/>',
  kettle:
    '<path d="M26 76h44l-4-36a6 6 0 0 0-6-5H36a6 6 0 0 0-6 5z"/><path d="M30 44l-12-8v8l10 10"/>' +
    '<path d="M34 35c0-14 28-14 28 0"/><path d="M44 26h8"/><path d="M22 82h52"/>',
  safe:
    '<rect x="16" y="18" width="64" height="56" rx="5"/><rect x="24" y="26" width="48" height="40" rx="3"/>' +
    '<circle cx="48" cy="46" r="9"/><path d="M48 37v-3M48 55v3M57 46h3M39 46h-3"/><path d="M64 40v12"/>' +
    '<path d="M24 74v6M72 74v6"/>',
  robe:
    '<path d="M36 16l12 16 12-16"/><path d="M36 16l-14 8-8 28 10 3 6-16v43h32V39l6 16 10-3-8-28-14-8"/>' +
    '<path d="M48 32v50"/><path d="M30 54h36"/><path d="M44 54l-5 12M52 54l5 12"/>',
  river:
    '<circle cx="64" cy="26" r="8"/><path d="M12 50l14-12 10 8 12-14 18 18"/>' +
    '<path d="M12 62c6-4 12-4 18 0s12 4 18 0 12-4 18 0 12 4 18 0"/><path d="M12 74c6-4 12-4 18 0s12 4 18 0 12-4 18 0 12 4 18 0"/>',
  tv:
    '<rect x="12" y="20" width="72" height="46" rx="4"/><path d="M20 28h20"/><path d="M40 80h16M48 66v14"/>',
  bathtub:
    '<path d="M12 48h72"/><path d="M16 48v8a16 16 0 0 0 16 16h32a16 16 0 0 0 16-16v-8"/><path d="M30 72l-4 8M66 72l4 8"/>' +
    '<path d="M24 48V26a8 8 0 0 1 16 0"/><path d="M36 30h8"/>',
  shower:
    '<path d="M22 84V22a8 8 0 0 1 8-8h14a8 8 0 0 1 8 8v4"/><path d="M38 38a14 12 0 0 1 28 0z"/>' +
    '<path d="M42 44l-3 8M52 44v8M62 44l3 8M40 60l-3 8M52 60v8M64 60l3 8"/>',
  minibar:
    '<rect x="24" y="14" width="48" height="68" rx="5"/><path d="M24 38h48"/><path d="M32 24v6M32 46v10"/>' +
    '<path d="M55 50v-6h4v6l3 5v17H52V55z"/>',
  desk:
    '<path d="M10 50h76"/><path d="M16 50v32M80 50v32"/><path d="M54 50v22h26"/><path d="M62 61h10"/>' +
    '<path d="M26 50l6-18M32 32l-10-6M22 26l10-10 6 10z"/><path d="M20 50h14"/>',
  hairdryer:
    '<circle cx="36" cy="38" r="18"/><circle cx="36" cy="38" r="7"/><path d="M54 30h18l4 3v10l-4 3H54"/>' +
    '<path d="M32 56l-4 26h14l2-26"/><path d="M80 34h6M80 42h6"/>',
  'heated-floor':
    '<path d="M10 80h76"/><path d="M10 70h76"/><path d="M28 58c-6-6 6-10 0-16s6-10 0-16"/>' +
    '<path d="M48 58c-6-6 6-10 0-16s6-10 0-16"/><path d="M68 58c-6-6 6-10 0-16s6-10 0-16"/>',
  books:
    '<path d="M14 80h68"/><rect x="18" y="28" width="12" height="52"/><rect x="30" y="20" width="14" height="60"/>' +
    '<path d="M22 36h4M35 30h4M35 70h4"/><path d="M50 36l11-3 13 44-11 3z"/>',
  stove:
    '<path d="M22 16h52M26 16v8h44v-8"/><rect x="26" y="24" width="44" height="54"/><path d="M20 78h56v6H20z"/>' +
    '<path d="M26 42h44M26 60h44M48 24v18M37 42v18M59 42v18"/><path d="M41 78V70a7 7 0 0 1 14 0v8"/>',
  breakfast:
    '<path d="M16 50h44v8a18 18 0 0 1-18 18h-8a18 18 0 0 1-18-18z"/><path d="M60 54h6a7 7 0 0 1 0 14h-8"/>' +
    '<path d="M10 82h60"/><path d="M28 42c-4-5 4-8 0-14M42 42c-4-5 4-8 0-14"/><path d="M74 30c8 0 12 6 12 12s-6 8-12 8"/>',
  car:
    '<path d="M12 62V50l8-16h56l8 16v12z"/><path d="M20 50h56"/><circle cx="28" cy="66" r="8"/><circle cx="68" cy="66" r="8"/>' +
    '<path d="M30 34l-4 16M66 34l4 16"/>',
  clock: '<circle cx="48" cy="48" r="34"/><path d="M48 24v24l16 10"/><path d="M48 16v4M48 76v4M16 48h4M76 48h4"/>',
  parking: '<rect x="16" y="14" width="64" height="68" rx="8"/><path d="M38 66V30h12a10 10 0 0 1 0 20H38"/>',
  bottle:
    '<path d="M42 12h12v16c8 6 10 12 10 20v34H32V48c0-8 2-14 10-20z"/><path d="M32 56h32M32 72h32"/><path d="M42 20h12"/>'
};

export function amenityIconSvg(icon: IconMotif): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" fill="none" ` +
    `stroke="${ICON_STROKE}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${iconBodies[icon]}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Rooms: a one-point-perspective box. The back wall is the plane k = 1; a point (x, y) on that
// plane brought k times closer to the viewer lands at P(x, y, k) on screen.
// ---------------------------------------------------------------------------------------------

const RW = 1600;
const RH = 1067;
const VPX = 800;
const VPY = 470;
const WX0 = 120;
const WX1 = 1480;
const WY0 = 80;
const WY1 = 820;
/** Depth factor of the floor at the bottom edge of the picture. */
const K_BOTTOM = (RH - VPY) / (WY1 - VPY);
/** Attic: the back wall's knee height and where its slopes meet the flat ceiling. */
const KNEE_Y = 380;
const SLOPE_X0 = 560;
const SLOPE_X1 = 1040;

const P = (x: number, y: number, k: number): Pt => [VPX + (x - VPX) * k, VPY + (y - VPY) * k];
const Pp = (p: Pt, k: number): Pt => P(p[0], p[1], k);
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const SHADOW = '#1d120b';

interface Scene {
  s: Svg;
  rng: Rng;
  room: DemoRoom;
  pal: RoomPalette;
  attic: boolean;
  /** Mid wall colour. */
  wall: string;
  dark: boolean;
}

interface WindowSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  arch?: boolean;
  /** A French window that reaches the floor. */
  door?: boolean;
  curtains?: boolean;
  sill?: boolean;
  frosted?: boolean;
}

/** The front face of a box as a screen rectangle. */
function frontRect(x0: number, x1: number, yTop: number, yBot: number, k: number) {
  const a = P(x0, yTop, k);
  const b = P(x1, yBot, k);
  return { x: a[0], y: a[1], w: b[0] - a[0], h: b[1] - a[1] };
}

/** A solid box standing in the room; draws the faces the viewer can see. */
function box(s: Svg, x0: number, x1: number, yTop: number, yBot: number, k0: number, k1: number, color: string, frontFill?: string): string {
  const out: string[] = [];
  if (yTop > VPY) out.push(poly([P(x0, yTop, k0), P(x1, yTop, k0), P(x1, yTop, k1), P(x0, yTop, k1)], `fill="${light(color, 0.16)}"`));
  if (yBot < VPY) out.push(poly([P(x0, yBot, k0), P(x1, yBot, k0), P(x1, yBot, k1), P(x0, yBot, k1)], `fill="${dark(color, 0.3)}"`));
  if (VPX < x0) out.push(poly([P(x0, yTop, k0), P(x0, yTop, k1), P(x0, yBot, k1), P(x0, yBot, k0)], `fill="${dark(color, 0.28)}"`));
  if (VPX > x1) out.push(poly([P(x1, yTop, k0), P(x1, yTop, k1), P(x1, yBot, k1), P(x1, yBot, k0)], `fill="${dark(color, 0.28)}"`));
  const r = frontRect(x0, x1, yTop, yBot, k1);
  out.push(rect(r.x, r.y, r.w, r.h, `fill="${frontFill ?? s.lin([[0, light(color, 0.06)], [1, dark(color, 0.12)]])}"`));
  return out.join('');
}

/** Soft contact shadow on the floor under something standing between depths k0 and k1. */
function floorShadow(s: Svg, x0: number, x1: number, k0: number, k1: number, opacity = 0.4, blur = 12): string {
  return soft((a) => poly([P(x0, WY1, k0), P(x1, WY1, k0), P(x1, WY1, k1), P(x0, WY1, k1)], a), SHADOW, opacity, blur);
}

/** Soft shadow on the back wall behind furniture. */
function wallShadow(s: Svg, x0: number, x1: number, yTop: number, opacity = 0.22, k = 1): string {
  // Drawn inside the object's outline at its own depth, so only the soft halo shows around it.
  const a = P(x0, yTop, k);
  const b = P(x1, WY1, k);
  const inset = 16;
  return soft((at) => rect(a[0] + inset, a[1] + inset, b[0] - a[0] - inset * 2, b[1] - a[1] - inset, `rx="12" ${at}`), SHADOW, opacity * 0.7, 16);
}

function glow(s: Svg, cx: number, cy: number, r: number, color = '#ffd99a', opacity = 0.55): string {
  return circle(cx, cy, r, `fill="${s.rad([[0, color, opacity], [0.35, color, opacity * 0.45], [1, color, 0]])}"`);
}

// ----- the shell: walls, ceiling, floor -----

function backWallShape(attic: boolean): string {
  return attic
    ? `M${WX0} ${WY1}V${KNEE_Y}L${SLOPE_X0} ${WY0}H${SLOPE_X1}L${WX1} ${KNEE_Y}V${WY1}Z`
    : `M${WX0} ${WY0}H${WX1}V${WY1}H${WX0}Z`;
}

function wallpaper(sc: Scene): string {
  const { s, pal } = sc;
  const [top, bottom] = pal.wall;
  const lighter = light(bottom, 0.18);
  switch (sc.room.wallpaper) {
    case 'stripes': {
      const fill = s.pattern(
        `stripes${sc.room.slug}`,
        56,
        56,
        rect(0, 0, 28, 56, `fill="${lighter}" fill-opacity="0.22"`) +
          rect(27, 0, 2, 56, `fill="${pal.trim}" fill-opacity="0.28"`) +
          rect(41, 0, 1, 56, `fill="${pal.trim}" fill-opacity="0.16"`),
      );
      return rect(WX0, WY0, WX1 - WX0, WY1 - WY0, `fill="${fill}"`);
    }
    case 'damask': {
      const motif = (x: number, y: number) =>
        path(
          `M${x} ${y - 34}C${x + 11} ${y - 22} ${x + 18} ${y - 8} ${x + 8} ${y + 4}C${x + 18} ${y + 6} ${x + 22} ${y + 18} ${x + 13} ${y + 27}C${x + 7} ${y + 22} ${x + 3} ${y + 16} ${x} ${y + 13}C${x - 3} ${y + 16} ${x - 7} ${y + 22} ${x - 13} ${y + 27}C${x - 22} ${y + 18} ${x - 18} ${y + 6} ${x - 8} ${y + 4}C${x - 18} ${y - 8} ${x - 11} ${y - 22} ${x} ${y - 34}Z`,
          '',
        ) + circle(x, y - 42, 3.5, '') + circle(x, y + 34, 2.5, '');
      const fill = s.pattern(
        `damask${sc.room.slug}`,
        100,
        136,
        g(`fill="${light(bottom, 0.3)}" fill-opacity="0.2"`, motif(50, 68) + motif(0, 0) + motif(100, 0) + motif(0, 136) + motif(100, 136)),
      );
      return rect(WX0, WY0, WX1 - WX0, WY1 - WY0, `fill="${fill}"`);
    }
    case 'brick': {
      const mortar = light(bottom, 0.35);
      const a = top;
      const b = mix(top, bottom, 0.6);
      const c = dark(bottom, 0.06);
      const brick = (x: number, y: number, w: number, col: string) => rect(x + 2, y + 2, w - 4, 22 - 4, `rx="3" fill="${col}"`);
      const body =
        rect(0, 0, 132, 44, `fill="${mortar}"`) +
        brick(0, 0, 66, a) +
        brick(66, 0, 66, b) +
        brick(-33, 22, 66, c) +
        brick(33, 22, 66, a) +
        brick(99, 22, 66, b);
      const fill = s.pattern(`brick${sc.room.slug}`, 132, 44, body);
      // Whitewash: the bricks show through a pale, uneven limewash.
      return (
        rect(WX0, WY0, WX1 - WX0, WY1 - WY0, `fill="${fill}"`) +
        rect(WX0, WY0, WX1 - WX0, WY1 - WY0, `fill="${s.lin([[0, '#fbf6ea', 0.18], [0.5, '#fbf6ea', 0.32], [1, '#fbf6ea', 0.12]], 0, 0, 1, 0.2)}"`)
      );
    }
    case 'panels': {
      const out: string[] = [];
      const railY = 520;
      const line1 = light(pal.trim, 0.1);
      // Upper panels and wainscot panels, spaced evenly across the wall.
      const n = 6;
      const gap = 34;
      const pw = (WX1 - WX0 - gap * (n + 1)) / n;
      for (let i = 0; i < n; i++) {
        const x = WX0 + gap + i * (pw + gap);
        out.push(rect(x, 150, pw, railY - 190, `fill="none" stroke="${line1}" stroke-width="3" stroke-opacity="0.45"`));
        out.push(rect(x + 3, 153, pw, railY - 190, `fill="none" stroke="${SHADOW}" stroke-width="2" stroke-opacity="0.12"`));
        out.push(rect(x, railY + 50, pw, WY1 - railY - 110, `fill="${light(bottom, 0.06)}" stroke="${line1}" stroke-width="4" fill-opacity="0.55" stroke-opacity="0.55"`));
      }
      out.push(rect(WX0, railY, WX1 - WX0, 14, `fill="${pal.trim}"`));
      out.push(rect(WX0, railY + 14, WX1 - WX0, 8, `fill="${SHADOW}" fill-opacity="0.18"`));
      return out.join('');
    }
    default:
      return '';
  }
}

function shell(sc: Scene, bathroom: boolean): string {
  const { s, pal, rng } = sc;
  const out: string[] = [];
  const wallShape = backWallShape(sc.attic);
  const clipWall = s.clip(path(wallShape, ''));
  const sideTop = sc.attic ? KNEE_Y : WY0;
  const edgeK = VPX / (VPX - WX0);

  // Ceiling (flat) or the attic's flat strip; slopes come after the walls.
  out.push(rect(0, 0, RW, RH, `fill="${dark(pal.trim, 0.12)}"`));
  out.push(poly([[0, 0], [RW, 0], [WX1, WY0], [WX0, WY0]], `fill="${s.lin([[0, dark(pal.trim, 0.2)], [1, dark(pal.trim, 0.04)]])}"`));

  // Floor.
  const floorTop = P(WX0, WY1, edgeK)[1];
  if (bathroom) {
    const tileA = light(pal.trim, 0.3);
    const tileB = dark(mix(pal.accent, pal.wall[0], 0.5), 0.15);
    out.push(rect(0, WY1, RW, RH - WY1, `fill="${tileA}"`));
    const step = 80;
    const rows: number[] = [];
    for (let j = 0; ; j++) {
      const k = 1 / (1 - j * 0.057);
      rows.push(k);
      if (k > K_BOTTOM + 0.1 || j > 30) break;
    }
    for (let j = 0; j + 1 < rows.length; j++) {
      for (let x = WX0 - step * 8; x < WX1 + step * 8; x += step) {
        if (((x - WX0) / step + j) % 2 === 0) continue;
        out.push(poly([P(x, WY1, rows[j]!), P(x + step, WY1, rows[j]!), P(x + step, WY1, rows[j + 1]!), P(x, WY1, rows[j + 1]!)], `fill="${tileB}"`));
      }
    }
  } else {
    const step = 62;
    for (let x = WX0 - step * 6; x < WX1 + step * 6; x += step) {
      const c = mix(pal.floor, rng() < 0.5 ? light(pal.floor, 0.14) : dark(pal.floor, 0.14), rng());
      out.push(poly([P(x, WY1, 1), P(x + step, WY1, 1), P(x + step, WY1, K_BOTTOM + 0.05), P(x, WY1, K_BOTTOM + 0.05)], `fill="${c}"`));
      const joint = range(rng, 1.08, 1.6);
      out.push(line(P(x, WY1, joint), P(x + step, WY1, joint), `stroke="${dark(pal.floor, 0.45)}" stroke-width="1.5" stroke-opacity="0.4"`));
      out.push(line(P(x, WY1, 1), P(x, WY1, K_BOTTOM + 0.05), `stroke="${dark(pal.floor, 0.5)}" stroke-width="1.6" stroke-opacity="0.45"`));
    }
    // A soft sheen on the varnish.
    out.push(rect(0, WY1, RW, RH - WY1, `fill="${s.rad([[0, '#fff6e6', 0.16], [1, '#fff6e6', 0]], 0.5, 0.25, 0.6)}"`));
  }
  // The floor darkens towards the walls.
  out.push(rect(0, WY1, RW, RH - WY1, `fill="${s.lin([[0, SHADOW, 0.35], [0.25, SHADOW, 0.08], [1, SHADOW, 0.2]])}"`));

  // Back wall.
  out.push(path(wallShape, `fill="${s.lin([[0, pal.wall[0]], [1, pal.wall[1]]], 0, 0, 0, 1)}"`));
  const paper = bathroom ? '' : wallpaper(sc);
  if (paper) out.push(g(`clip-path="${clipWall}"`, paper));

  // Side walls.
  const sideL: Pt[] = [P(WX0, sideTop, edgeK), [WX0, sideTop], [WX0, WY1], P(WX0, WY1, edgeK)];
  const sideR: Pt[] = [P(WX1, sideTop, edgeK), [WX1, sideTop], [WX1, WY1], P(WX1, WY1, edgeK)];
  out.push(poly(sideL, `fill="${s.lin([[0, dark(sc.wall, 0.42)], [1, dark(sc.wall, 0.16)]], 0, 0, 1, 0)}"`));
  out.push(poly(sideR, `fill="${s.lin([[0, dark(sc.wall, 0.12)], [1, dark(sc.wall, 0.36)]], 0, 0, 1, 0)}"`));
  // Skirting boards.
  const skirt = 30;
  out.push(rect(WX0, WY1 - skirt, WX1 - WX0, skirt, `fill="${s.lin([[0, light(pal.trim, 0.1)], [1, dark(pal.trim, 0.12)]])}"`));
  out.push(rect(WX0, WY1 - skirt - 4, WX1 - WX0, 4, `fill="${dark(pal.trim, 0.2)}"`));
  out.push(poly([[WX0, WY1 - skirt], [WX0, WY1], P(WX0, WY1, edgeK), P(WX0, WY1 - skirt, edgeK)], `fill="${dark(pal.trim, 0.3)}"`));
  out.push(poly([[WX1, WY1 - skirt], [WX1, WY1], P(WX1, WY1, edgeK), P(WX1, WY1 - skirt, edgeK)], `fill="${dark(pal.trim, 0.24)}"`));

  if (sc.attic) {
    // Sloped ceiling planes with old pine rafters, and the flat strip with a ridge beam.
    const far = 2.4;
    const a: Pt = [WX0, KNEE_Y];
    const b: Pt = [SLOPE_X0, WY0];
    const c: Pt = [SLOPE_X1, WY0];
    const d: Pt = [WX1, KNEE_Y];
    const plaster = light(pal.wall[1], 0.25);
    out.push(poly([b, c, Pp(c, far), Pp(b, far)], `fill="${dark(plaster, 0.04)}"`));
    out.push(poly([a, b, Pp(b, far), Pp(a, far)], `fill="${s.lin([[0, dark(plaster, 0.16)], [1, light(plaster, 0.05)]], 0, 0, 1, 0)}"`));
    out.push(poly([c, d, Pp(d, far), Pp(c, far)], `fill="${s.lin([[0, light(plaster, 0.02)], [1, dark(plaster, 0.2)]], 0, 0, 1, 0)}"`));
    const beam = (p: Pt, q: Pt, u: Pt, w: number, col: string) => {
      const p0: Pt = [p[0] - u[0] * w, p[1] - u[1] * w];
      const p1: Pt = [p[0] + u[0] * w, p[1] + u[1] * w];
      return poly([p0, p1, Pp(p1, far), Pp(p0, far)], `fill="${col}"`) + (q ? '' : '');
    };
    const woodLit = light(pal.wood, 0.05);
    for (const [from, to] of [
      [a, b],
      [d, c],
    ] as const) {
      const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
      const u: Pt = [(to[0] - from[0]) / len, (to[1] - from[1]) / len];
      for (let i = 1; i <= 4; i++) {
        const p = lerp(from, to, i / 4.6);
        out.push(beam([p[0] + 8, p[1] + 10], p, u, 17, dark(pal.wood, 0.35)));
        out.push(beam(p, p, u, 15, woodLit));
      }
      // The edge where slope meets wall.
      out.push(line(from, to, `stroke="${dark(pal.wood, 0.25)}" stroke-width="8"`));
    }
    out.push(beam([VPX, WY0], [VPX, WY0], [1, 0], 26, dark(pal.wood, 0.1)));
    out.push(poly([a, b, c, d, P(WX1, KNEE_Y, 1), [WX1, KNEE_Y]], `fill="none"`));
  } else {
    // Cornice.
    out.push(rect(WX0, WY0, WX1 - WX0, 26, `fill="${s.lin([[0, light(pal.trim, 0.12)], [0.5, pal.trim], [1, dark(pal.trim, 0.18)]])}"`));
    out.push(soft((a) => rect(WX0, WY0 + 26, WX1 - WX0, 16, a), SHADOW, 0.14, 5));
    out.push(poly([[WX0, WY0], [WX0, WY0 + 26], P(WX0, WY0 + 26, edgeK), P(WX0, WY0, edgeK)], `fill="${dark(pal.trim, 0.2)}"`));
    out.push(poly([[WX1, WY0], [WX1, WY0 + 26], P(WX1, WY0 + 26, edgeK), P(WX1, WY0, edgeK)], `fill="${dark(pal.trim, 0.15)}"`));
    if (sc.room.wallpaper === 'brick') {
      // A shallow brick vault over the back wall.
      const vault = `M${WX0} ${WY0}H${WX1}V300C${WX1 - 120} 150 ${WX0 + 120} 150 ${WX0} 300Z`;
      out.push(path(vault, `fill="${s.lin([[0, dark(pal.trim, 0.22)], [1, dark(pal.trim, 0.08)]])}"`));
      out.push(path(`M${WX0} 300C${WX0 + 120} 150 ${WX1 - 120} 150 ${WX1} 300`, `fill="none" stroke="${dark(sc.wall, 0.25)}" stroke-width="6" stroke-opacity="0.6"`));
    }
  }
  void floorTop;
  return out.join('');
}

// ----- what is seen through the windows -----

function cloud(s: Svg, cx: number, cy: number, w: number): string {
  const fill = s.rad([[0, '#ffffff', 0.85], [0.6, '#ffffff', 0.35], [1, '#ffffff', 0]]);
  return ellipse(cx, cy, w, w * 0.28, `fill="${fill}"`) + ellipse(cx - w * 0.35, cy + w * 0.05, w * 0.5, w * 0.2, `fill="${fill}"`);
}

function tree(s: Svg, rng: Rng, cx: number, base: number, size: number, green: string): string {
  const trunk = rect(cx - size * 0.06, base - size * 0.9, size * 0.12, size * 0.9, `fill="${dark('#5a4030', 0.2)}"`);
  const crown: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = cx + range(rng, -0.4, 0.4) * size;
    const y = base - size * range(rng, 0.9, 1.5);
    crown.push(blob(rng, x, y, size * range(rng, 0.35, 0.5), size * range(rng, 0.3, 0.45), 0.12, 9));
  }
  return trunk + path(crown.join(''), `fill="${s.solid(green, 0.18, 0.3)}"`);
}

function drawView(s: Svg, rng: Rng, view: WindowView, x: number, y: number, w: number, h: number): string {
  const out: string[] = [];
  const horizon = y + h * (view === 'street' ? 0.3 : view === 'garden' ? 0.52 : 0.55);
  out.push(rect(x, y, w, h, `fill="${s.lin([[0, '#7fa9c9'], [0.55, '#c8dde3'], [1, '#f6e3c0']], 0, y, 0, horizon, true)}"`));
  out.push(cloud(s, x + w * range(rng, 0.2, 0.45), y + h * range(rng, 0.1, 0.25), w * 0.25));
  out.push(cloud(s, x + w * range(rng, 0.6, 0.9), y + h * range(rng, 0.2, 0.32), w * 0.18));
  const haze = (c: string, t: number) => mix(c, '#cfdde0', t);
  switch (view) {
    case 'river': {
      // Far bank with a wooded ridge and the castle on the hill, the Neman, the near slope.
      const ridge: Pt[] = [];
      for (let i = 0; i <= 10; i++) ridge.push([x + (w * i) / 10, horizon - h * (0.06 + 0.06 * Math.sin(i * 0.9 + rng() * 2)) - h * 0.02]);
      out.push(path(`M${x} ${horizon + h * 0.05}L${pts(ridge).split(' ').join('L')}L${x + w} ${horizon + h * 0.05}Z`, `fill="${haze('#5f7f4f', 0.35)}"`));
      for (let i = 0; i < 14; i++) out.push(circle(x + rng() * w, horizon - h * range(rng, 0.02, 0.1), w * range(rng, 0.03, 0.06), `fill="${haze('#587a48', 0.3)}"`));
      const cx = x + w * range(rng, 0.3, 0.6);
      const cw = w * 0.34;
      const top = horizon - h * 0.16;
      out.push(rect(cx - cw / 2, top, cw, h * 0.12, `fill="${haze('#efe5cf', 0.15)}"`));
      out.push(poly([[cx - cw / 2 - 4, top], [cx - cw / 2 + 10, top - h * 0.05], [cx + cw / 2 - 10, top - h * 0.05], [cx + cw / 2 + 4, top]], `fill="${haze('#a4563a', 0.25)}"`));
      for (let i = 0; i < 7; i++) out.push(rect(cx - cw / 2 + cw * (0.08 + i * 0.13), top + h * 0.03, cw * 0.05, h * 0.035, `fill="${haze('#6d7a80', 0.2)}"`));
      out.push(rect(cx + cw / 2 - 2, top - h * 0.06, cw * 0.12, h * 0.18, `fill="${haze('#e8dcc4', 0.15)}"`));
      out.push(poly([[cx + cw / 2 - 4, top - h * 0.06], [cx + cw / 2 + cw * 0.06 - 2, top - h * 0.11], [cx + cw / 2 + cw * 0.12, top - h * 0.06]], `fill="${haze('#6f8077', 0.2)}"`));
      const riverTop = horizon + h * 0.04;
      out.push(rect(x, riverTop, w, h, `fill="${s.lin([[0, '#8fb0bd'], [0.5, '#6f98ab'], [1, '#5a8399']], 0, riverTop, 0, y + h, true)}"`));
      for (let i = 0; i < 16; i++) {
        const yy = riverTop + rng() * h * 0.3;
        const xx = x + rng() * w;
        out.push(line([xx, yy], [xx + w * range(rng, 0.05, 0.16), yy], `stroke="#f4f1e6" stroke-width="2" stroke-opacity="${f(range(rng, 0.25, 0.55))}" stroke-linecap="round"`));
      }
      const bank = y + h * 0.84;
      out.push(path(`M${x} ${bank}C${x + w * 0.3} ${bank - h * 0.06} ${x + w * 0.7} ${bank + h * 0.02} ${x + w} ${bank - h * 0.04}V${y + h}H${x}Z`, `fill="${s.lin([[0, '#7e9a55'], [1, '#5a7440']])}"`));
      out.push(tree(s, rng, x + w * 0.08, bank + h * 0.04, h * 0.22, '#4f7040'));
      break;
    }
    case 'roofs': {
      // The Old Town: a twin-towered church behind rows of tiled roofs.
      const cx = x + w * range(rng, 0.3, 0.7);
      const tw = w * 0.08;
      const base = horizon + h * 0.05;
      const churchCol = haze('#f1e6d2', 0.2);
      const domeCol = haze('#4f6a60', 0.2);
      for (const dx of [-1.6, 1.6]) {
        const tx = cx + dx * tw;
        out.push(rect(tx - tw / 2, base - h * 0.42, tw, h * 0.42, `fill="${churchCol}"`));
        out.push(path(`M${tx - tw / 2} ${base - h * 0.42}Q${tx} ${base - h * 0.53} ${tx + tw / 2} ${base - h * 0.42}Z`, `fill="${domeCol}"`));
        out.push(line([tx, base - h * 0.49], [tx, base - h * 0.58], `stroke="${domeCol}" stroke-width="3"`));
        out.push(rect(tx - tw * 0.15, base - h * 0.35, tw * 0.3, h * 0.07, `rx="${tw * 0.15}" fill="${haze('#7d8b8f', 0.2)}"`));
      }
      out.push(poly([[cx - tw * 1.1, base - h * 0.25], [cx, base - h * 0.36], [cx + tw * 1.1, base - h * 0.25], [cx + tw * 1.1, base], [cx - tw * 1.1, base]], `fill="${churchCol}"`));
      const roofCols = ['#a9553a', '#b8673f', '#8f4a33', '#c07a4e'];
      const facades = ['#efe2c8', '#e2c6a0', '#d8d3c2', '#ead0b6', '#cdd4c6'];
      for (let row = 0; row < 3; row++) {
        const rowBase = horizon + h * (0.12 + row * 0.16);
        const scale = 1 + row * 0.45;
        const fade = 0.3 - row * 0.12;
        let xx = x - rng() * w * 0.1;
        while (xx < x + w) {
          const bw = w * range(rng, 0.14, 0.24) * scale;
          const fh = h * 0.08 * scale;
          const rh = h * range(rng, 0.06, 0.1) * scale;
          const roof = haze(pick(rng, roofCols), fade);
          out.push(rect(xx, rowBase - fh, bw, fh + h, `fill="${haze(pick(rng, facades), fade)}"`));
          if (rng() < 0.5) out.push(poly([[xx - 4, rowBase - fh], [xx + bw / 2, rowBase - fh - rh], [xx + bw + 4, rowBase - fh]], `fill="${roof}"`));
          else out.push(poly([[xx - 4, rowBase - fh], [xx + bw * 0.2, rowBase - fh - rh], [xx + bw * 0.8, rowBase - fh - rh], [xx + bw + 4, rowBase - fh]], `fill="${roof}"`));
          if (rng() < 0.6) out.push(rect(xx + bw * range(rng, 0.25, 0.7), rowBase - fh - rh * 0.9, bw * 0.07, rh * 0.5, `fill="${haze('#8a5a44', fade)}"`));
          for (let i = 0; i < 3; i++) out.push(rect(xx + bw * (0.18 + i * 0.25), rowBase - fh * 0.7, bw * 0.1, fh * 0.35, `fill="${haze('#5d6c73', fade + 0.1)}"`));
          xx += bw + w * 0.01;
        }
      }
      break;
    }
    case 'garden': {
      // The courtyard: a linden, shrubs, hollyhocks against the wall, cobbles.
      out.push(rect(x, horizon - h * 0.12, w, h * 0.3, `fill="${haze('#e6d8bd', 0.1)}"`));
      for (let i = 0; i < 6; i++) {
        const tx = x + w * (i / 5) + range(rng, -0.05, 0.05) * w;
        out.push(tree(s, rng, tx, horizon - h * 0.05, h * range(rng, 0.18, 0.28), pick(rng, ['#5b7f45', '#6a8d4c', '#4d7340'])));
      }
      out.push(tree(s, rng, x + w * (rng() < 0.5 ? 0.22 : 0.78), horizon + h * 0.18, h * 0.42, '#557a3e'));
      out.push(rect(x, horizon + h * 0.12, w, h, `fill="${s.lin([[0, '#a79c88'], [1, '#8a7f6d']])}"`));
      const cobble = s.pattern('cobbles', 26, 16, ellipse(7, 5, 10, 5.5, `fill="#b7ad98"`) + ellipse(20, 13, 10, 5.5, `fill="#b2a792"`));
      out.push(rect(x, horizon + h * 0.12, w, h, `fill="${cobble}" fill-opacity="0.8"`));
      for (let i = 0; i < 5; i++) {
        const fx = x + rng() * w;
        const top = horizon - h * range(rng, 0.05, 0.18);
        out.push(line([fx, horizon + h * 0.14], [fx, top], `stroke="#5f7f45" stroke-width="3"`));
        for (let j = 0; j < 5; j++) out.push(circle(fx + (j % 2 ? 5 : -5), top + j * h * 0.035, 6, `fill="${pick(rng, ['#d77a9a', '#e8a6b8', '#f4ede6', '#c85a7a'])}"`));
      }
      break;
    }
    case 'street': {
      // Zamkovaya street: the pastel house opposite, its windows, cobbles below.
      const facade = pick(rng, ['#ead5b2', '#e3c7a6', '#d9d2bd', '#e8cfc0']);
      const top = y + h * 0.2;
      out.push(rect(x, top, w, h, `fill="${s.lin([[0, light(facade, 0.05)], [1, dark(facade, 0.12)]])}"`));
      out.push(rect(x, top - 8, w, 14, `fill="${dark(facade, 0.2)}"`));
      out.push(poly([[x, top - 8], [x + w, top - 8], [x + w, top - 30], [x, top - 22]], `fill="#9a5238"`));
      const cols = 3;
      for (let r = 0; r < 2; r++) {
        for (let c = 0; c < cols; c++) {
          const wx = x + w * (0.1 + c * 0.3);
          const wy = top + h * (0.1 + r * 0.3);
          out.push(rect(wx - 5, wy - 5, w * 0.2 + 10, h * 0.2 + 10, `fill="${light(facade, 0.5)}"`));
          out.push(rect(wx, wy, w * 0.2, h * 0.2, `fill="${s.lin([[0, '#59686f'], [1, '#7e8e92']])}"`));
          out.push(line([wx + w * 0.1, wy], [wx + w * 0.1, wy + h * 0.2], `stroke="${light(facade, 0.5)}" stroke-width="3"`));
        }
      }
      out.push(rect(x, y + h * 0.82, w, h, `fill="#8f877a"`));
      const cobble = s.pattern('street', 22, 14, ellipse(6, 4, 9, 5, `fill="#a59c8d"`) + ellipse(17, 11, 9, 5, `fill="#a0978a"`));
      out.push(rect(x, y + h * 0.82, w, h, `fill="${cobble}"`));
      break;
    }
  }
  return out.join('');
}

// ----- windows, curtains and furniture -----

function windowOutline(wnd: WindowSpec, grow: number, k = 1): string {
  const x0 = wnd.x - grow;
  const x1 = wnd.x + wnd.w + grow;
  const y0 = wnd.y - grow;
  const y1 = wnd.y + wnd.h + (wnd.door ? 0 : grow);
  const q = (x: number, y: number) => Pp([x, y], k);
  if (wnd.arch) {
    const r = (x1 - x0) / 2;
    const a = q(x0, y0 + r);
    const b = q(x1, y0 + r);
    const c = q(x1, y1);
    const d = q(x0, y1);
    const rr = (b[0] - a[0]) / 2;
    return `M${f(d[0])} ${f(d[1])}L${f(a[0])} ${f(a[1])}A${f(rr)} ${f(rr)} 0 0 1 ${f(b[0])} ${f(b[1])}L${f(c[0])} ${f(c[1])}Z`;
  }
  const a = q(x0, y0);
  const c = q(x1, y1);
  return `M${f(a[0])} ${f(a[1])}H${f(c[0])}V${f(c[1])}H${f(a[0])}Z`;
}

function curtains(sc: Scene, x0: number, x1: number, rodY: number, bottom: number, tieY: number): string {
  const { s, pal } = sc;
  const color = sc.dark ? mix(pal.accent, pal.wall[0], 0.25) : light(pal.textile, 0.02);
  const folds: Stop[] = [];
  for (let i = 0; i <= 8; i++) folds.push([i / 8, i % 2 ? dark(color, sc.dark ? 0.3 : 0.14) : light(color, 0.08)]);
  const fill = s.lin(folds, 0, 0, 1, 0);
  const cw = clamp((x1 - x0 - 180) * 0.32, 90, 150);
  const out: string[] = [];
  const panel = (edge: number, dir: 1 | -1) => {
    // The panel hangs mostly beside the window and is tied back off the glass.
    const outer = edge + 90 - dir * cw * 0.6;
    const inner = outer + dir * cw;
    const tie = outer + dir * cw * 0.5;
    const foot = outer + dir * cw * 0.9;
    const d = `M${f(outer)} ${rodY}L${f(inner)} ${rodY}C${f(inner)} ${tieY - 160} ${f(tie + dir * 6)} ${tieY - 50} ${f(tie)} ${tieY}C${f(tie + dir * 8)} ${tieY + 60} ${f(foot)} ${bottom - 100} ${f(foot)} ${bottom}L${f(outer)} ${bottom}Z`;
    out.push(soft((a) => path(d, a), SHADOW, 0.3, 10, `transform="translate(${dir * 10} 8)"`));
    out.push(path(d, `fill="${fill}"`));
    out.push(rect(Math.min(tie, outer) - 4, tieY - 9, Math.abs(tie - outer) + 10, 18, `rx="8" fill="${sc.dark ? pal.trim : pal.accent}"`));
  };
  panel(x0, 1);
  panel(x1 - 180, -1);
  out.push(line([x0 - 20, rodY], [x1 + 20, rodY], `stroke="${pal.accent}" stroke-width="9" stroke-linecap="round"`));
  out.push(circle(x0 - 24, rodY, 10, `fill="${pal.accent}"`) + circle(x1 + 24, rodY, 10, `fill="${pal.accent}"`));
  return out.join('');
}

function windowOnWall(sc: Scene, wnd: WindowSpec): string {
  const { s, pal, rng } = sc;
  const out: string[] = [];
  const cx = wnd.x + wnd.w / 2;
  const cy = wnd.y + wnd.h / 2;
  const setBack = 0.95;
  // Daylight on the wall around the window.
  out.push(ellipse(cx, cy, wnd.w * 1.3, wnd.h * 0.9, `fill="${s.rad([[0, '#fff4de', 0.35], [1, '#fff4de', 0]])}"`));
  // Casing, with its shadow.
  out.push(soft((a) => path(windowOutline(wnd, 24), a), SHADOW, 0.3, 9, `transform="translate(6 8)"`));
  out.push(path(windowOutline(wnd, 24), `fill="${s.lin([[0, light(pal.trim, 0.1)], [1, dark(pal.trim, 0.12)]])}"`));
  out.push(path(windowOutline(wnd, 10), `fill="${dark(pal.trim, 0.3)}"`));
  // The view, set back into the thickness of the wall.
  const inner = windowOutline(wnd, 0, setBack);
  const a = P(wnd.x, wnd.y, setBack);
  const b = P(wnd.x + wnd.w, wnd.y + wnd.h, setBack);
  const clipId = s.clip(path(inner, ''));
  out.push(g(`clip-path="${clipId}"`, drawView(s, rng, sc.room.view, a[0], a[1], b[0] - a[0], b[1] - a[1])));
  if (wnd.frosted) out.push(path(inner, `fill="#f4f1ea" fill-opacity="0.55"`));
  // Sashes: frame, mullion, transom and glazing bars.
  const frame = pal.trim;
  const bars: string[] = [];
  const iw = b[0] - a[0];
  const ih = b[1] - a[1];
  const archTop = wnd.arch ? a[1] + iw / 2 : a[1];
  bars.push(line([a[0] + iw / 2, a[1]], [a[0] + iw / 2, b[1]], `stroke-width="11"`));
  const transom = wnd.door ? a[1] + ih * 0.25 : archTop + (b[1] - archTop) * 0.28;
  bars.push(line([a[0], transom], [b[0], transom], `stroke-width="10"`));
  const paneCols = iw > 240 ? 2 : 1;
  for (let c = 1; c < paneCols * 2; c++) if (c !== paneCols) bars.push(line([a[0] + (iw * c) / (paneCols * 2), transom], [a[0] + (iw * c) / (paneCols * 2), b[1]], `stroke-width="5"`));
  const rows = wnd.door ? 4 : 3;
  for (let r = 1; r < rows; r++) {
    const yy = transom + ((b[1] - transom) * r) / rows;
    bars.push(line([a[0], yy], [b[0], yy], `stroke-width="5"`));
  }
  if (wnd.door) bars.push(rect(a[0], b[1] - ih * 0.2, iw, ih * 0.2, `fill="${frame}"`));
  out.push(g(`stroke="${SHADOW}" stroke-opacity="0.25" transform="translate(3 4)"`, bars.join('')));
  out.push(g(`stroke="${frame}"`, bars.join('')));
  out.push(path(inner, `fill="none" stroke="${frame}" stroke-width="14"`));
  // Glass reflection.
  out.push(path(inner, `fill="${s.lin([[0, '#ffffff', 0], [0.45, '#ffffff', 0.16], [0.55, '#ffffff', 0.05], [1, '#ffffff', 0]], 0, 0, 1, 1)}"`));
  if (wnd.sill !== false && !wnd.door) out.push(box(s, wnd.x - 34, wnd.x + wnd.w + 34, wnd.y + wnd.h + 24, wnd.y + wnd.h + 40, 1, 1.05, pal.trim));
  if (wnd.curtains) {
    const bottom = wnd.door ? WY1 - 4 : Math.min(WY1 - 4, wnd.y + wnd.h + 150);
    out.push(curtains(sc, wnd.x - 90, wnd.x + wnd.w + 90, wnd.y - 60, bottom, wnd.y + wnd.h * 0.62));
  }
  return out.join('');
}

/** Daylight falling from a window onto the floor, towards the viewer. */
function floorLight(sc: Scene, x0: number, x1: number): string {
  return soft((a) => poly([P(x0, WY1, 1.02), P(x1, WY1, 1.02), P(x1 + 80, WY1, 1.6), P(x0 - 20, WY1, 1.6)], a), '#fff3d8', 0.14, 20);
}

function picture(sc: Scene, x: number, y: number, w: number, h: number): string {
  const { s, pal, rng } = sc;
  const out: string[] = [];
  const gold = rng() < 0.6;
  const frameCol = gold ? '#b88a3e' : dark(pal.wood, 0.1);
  out.push(soft((a) => rect(x + 6, y + 10, w, h, a), SHADOW, 0.35, 8));
  out.push(rect(x, y, w, h, `fill="${s.lin([[0, light(frameCol, 0.3)], [0.5, frameCol], [1, dark(frameCol, 0.3)]], 0, 0, 1, 1)}"`));
  const m = Math.min(w, h) * 0.09;
  const mat = Math.min(w, h) * 0.07;
  out.push(rect(x + m, y + m, w - 2 * m, h - 2 * m, `fill="#f4ecdc"`));
  const ix = x + m + mat;
  const iy = y + m + mat;
  const iw = w - 2 * (m + mat);
  const ih = h - 2 * (m + mat);
  // A little watercolour landscape in the room's own colours.
  const sky = mix('#bcd0d6', pal.wall[1], 0.25);
  out.push(rect(ix, iy, iw, ih, `fill="${s.lin([[0, sky], [1, light(sky, 0.4)]])}"`));
  const hill1 = mix('#7c9461', pal.accent, 0.25);
  const hill2 = mix('#5b7450', pal.wall[0], 0.3);
  out.push(path(`M${f(ix)} ${f(iy + ih * 0.62)}Q${f(ix + iw * 0.35)} ${f(iy + ih * 0.4)} ${f(ix + iw * 0.7)} ${f(iy + ih * 0.6)}T${f(ix + iw)} ${f(iy + ih * 0.55)}V${f(iy + ih)}H${f(ix)}Z`, `fill="${hill1}" fill-opacity="0.85"`));
  out.push(path(`M${f(ix)} ${f(iy + ih * 0.8)}Q${f(ix + iw * 0.5)} ${f(iy + ih * 0.62)} ${f(ix + iw)} ${f(iy + ih * 0.78)}V${f(iy + ih)}H${f(ix)}Z`, `fill="${hill2}" fill-opacity="0.85"`));
  if (rng() < 0.6) out.push(circle(ix + iw * range(rng, 0.2, 0.8), iy + ih * 0.25, Math.min(iw, ih) * 0.08, `fill="#f3d7a1" fill-opacity="0.9"`));
  else out.push(rect(ix + iw * 0.55, iy + ih * 0.38, iw * 0.08, ih * 0.25, `fill="${light(pal.trim, 0.2)}"`) + poly([[ix + iw * 0.54, iy + ih * 0.38], [ix + iw * 0.59, iy + ih * 0.28], [ix + iw * 0.64, iy + ih * 0.38]], `fill="${mix('#a4563a', pal.accent, 0.3)}"`));
  out.push(rect(ix, iy, iw, ih, `fill="none" stroke="${SHADOW}" stroke-opacity="0.2" stroke-width="2"`));
  return out.join('');
}

/** A table lamp standing at screen point (cx, base), scaled. */
function tableLamp(sc: Scene, cx: number, base: number, k: number, shadeCol?: string): string {
  const { s, pal } = sc;
  const shade = shadeCol ?? light(pal.textile, 0.05);
  const h1 = 80 * k;
  const sw0 = 34 * k;
  const sw1 = 56 * k;
  const sh = 64 * k;
  const top = base - h1 - sh;
  const out: string[] = [];
  out.push(glow(s, cx, top + sh * 0.6, 260 * k, '#ffd48a', sc.dark ? 0.55 : 0.4));
  out.push(path(`M${f(cx - 8 * k)} ${f(base)}C${f(cx - 30 * k)} ${f(base - 10 * k)} ${f(cx - 26 * k)} ${f(base - h1 * 0.7)} ${f(cx - 5 * k)} ${f(base - h1)}H${f(cx + 5 * k)}C${f(cx + 26 * k)} ${f(base - h1 * 0.7)} ${f(cx + 30 * k)} ${f(base - 10 * k)} ${f(cx + 8 * k)} ${f(base)}Z`, `fill="${s.lin([[0, light(pal.accent, 0.3)], [0.5, pal.accent], [1, dark(pal.accent, 0.35)]], 0, 0, 1, 0)}"`));
  out.push(poly([[cx - sw0, top], [cx + sw0, top], [cx + sw1, top + sh], [cx - sw1, top + sh]], `fill="${s.lin([[0, light(shade, 0.2)], [1, mix(shade, '#ffd48a', 0.35)]])}"`));
  out.push(ellipse(cx, top + sh, sw1, 5 * k, `fill="#fff0c8" fill-opacity="0.8"`));
  return out.join('');
}

function nightstand(sc: Scene, x0: number, x1: number): { cx: number; top: number } {
  return { cx: (x0 + x1) / 2, top: P((x0 + x1) / 2, 640, 1.08)[1] };
}

function drawNightstand(sc: Scene, x0: number, x1: number): string {
  const { s, pal } = sc;
  const out: string[] = [floorShadow(s, x0 - 8, x1 + 8, 1, 1.2, 0.45, 10), wallShadow(s, x0, x1, 640, 0.2)];
  out.push(box(s, x0, x1, 640, 800, 1, 1.16, pal.wood));
  out.push(box(s, x0 - 6, x1 + 6, 628, 642, 1, 1.18, light(pal.wood, 0.08)));
  const r = frontRect(x0, x1, 660, 720, 1.16);
  out.push(rect(r.x + 10, r.y, r.w - 20, r.h, `fill="none" stroke="${dark(pal.wood, 0.35)}" stroke-width="2"`));
  out.push(circle(r.x + r.w / 2, r.y + r.h / 2, 5, `fill="${pal.accent}"`));
  const legs = frontRect(x0, x1, 800, 820, 1.16);
  out.push(rect(legs.x + 6, legs.y, 10, legs.h, `fill="${dark(pal.wood, 0.3)}"`) + rect(legs.x + legs.w - 16, legs.y, 10, legs.h, `fill="${dark(pal.wood, 0.3)}"`));
  const n = nightstand(sc, x0, x1);
  out.push(tableLamp(sc, n.cx > VPX ? P(n.cx, 0, 1.08)[0] : P(n.cx, 0, 1.08)[0], n.top, 1.08));
  return out.join('');
}

function pillow(s: Svg, x0: number, x1: number, y0: number, y1: number, k: number, color: string): string {
  const a = P(x0, y0, k);
  const b = P(x1, y1, k);
  const w = b[0] - a[0];
  const h = b[1] - a[1];
  const d = `M${f(a[0] + 10)} ${f(a[1] + 6)}Q${f(a[0] + w / 2)} ${f(a[1] - 8)} ${f(b[0] - 10)} ${f(a[1] + 6)}Q${f(b[0] + 6)} ${f(a[1] + h / 2)} ${f(b[0] - 8)} ${f(b[1])}Q${f(a[0] + w / 2)} ${f(b[1] + 8)} ${f(a[0] + 8)} ${f(b[1])}Q${f(a[0] - 6)} ${f(a[1] + h / 2)} ${f(a[0] + 10)} ${f(a[1] + 6)}Z`;
  return soft((a) => path(d, a), SHADOW, 0.25, 6, `transform="translate(4 6)"`) + path(d, `fill="${s.solid(color, 0.25, 0.14)}"`);
}

function bed(sc: Scene, cx: number, width: number, single: boolean): string {
  const { s, pal } = sc;
  const out: string[] = [];
  const x0 = cx - width / 2;
  const x1 = cx + width / 2;
  const kFoot = single ? 1.48 : 1.56;
  const hbTop = single ? 500 : 440;
  out.push(floorShadow(s, x0 - 14, x1 + 14, 1, kFoot - 0.02, 0.5, 14));
  out.push(wallShadow(s, x0, x1, hbTop - 30, 0.25));
  // Headboard with a carved crest and an upholstered panel.
  const crest = single ? 20 : 36;
  out.push(
    path(
      `M${x0} ${WY1}V${hbTop + 30}Q${x0} ${hbTop} ${x0 + 30} ${hbTop}H${cx - 110}C${cx - 60} ${hbTop} ${cx - 50} ${hbTop - crest} ${cx} ${hbTop - crest}C${cx + 50} ${hbTop - crest} ${cx + 60} ${hbTop} ${cx + 110} ${hbTop}H${x1 - 30}Q${x1} ${hbTop} ${x1} ${hbTop + 30}V${WY1}Z`,
      `fill="${s.lin([[0, light(pal.wood, 0.12)], [1, dark(pal.wood, 0.25)]])}"`,
    ),
  );
  const uph = mix(pal.textile, pal.accent, 0.45);
  const px = x0 + 28;
  const py = hbTop + 26;
  const pw = width - 56;
  const ph = 150;
  out.push(rect(px, py, pw, ph, `rx="14" fill="${s.lin([[0, light(uph, 0.12)], [1, dark(uph, 0.12)]])}"`));
  for (let i = 1; i < 6; i++) for (let j = 1; j < 3; j++) out.push(circle(px + (pw * i) / 6, py + (ph * j) / 3, 3.5, `fill="${dark(uph, 0.35)}"`));
  // Frame, then the mattress under its duvet.
  out.push(box(s, x0 - 10, x1 + 10, 690, 800, 1.01, kFoot + 0.02, pal.wood));
  const legs = frontRect(x0 - 10, x1 + 10, 800, WY1, kFoot + 0.02);
  out.push(rect(legs.x + 8, legs.y - 2, 18, legs.h + 2, `fill="${dark(pal.wood, 0.35)}"`) + rect(legs.x + legs.w - 26, legs.y - 2, 18, legs.h + 2, `fill="${dark(pal.wood, 0.35)}"`));
  const duvet = pal.textile;
  out.push(poly([P(x0, 630, 1.02), P(x1, 630, 1.02), P(x1, 630, kFoot), P(x0, 630, kFoot)], `fill="${light(duvet, 0.16)}"`));
  // The duvet hangs over the front in a soft, slightly sagging hem.
  const face = frontRect(x0, x1, 630, 740, kFoot);
  out.push(path(`M${f(face.x - 6)} ${f(face.y)}H${f(face.x + face.w + 6)}Q${f(face.x + face.w + 10)} ${f(face.y + face.h * 0.6)} ${f(face.x + face.w + 2)} ${f(face.y + face.h)}Q${f(face.x + face.w / 2)} ${f(face.y + face.h + 14)} ${f(face.x - 2)} ${f(face.y + face.h)}Q${f(face.x - 10)} ${f(face.y + face.h * 0.6)} ${f(face.x - 6)} ${f(face.y)}Z`, `fill="${s.lin([[0, light(duvet, 0.2)], [0.7, dark(duvet, 0.06)], [1, dark(duvet, 0.16)]])}"`));
  for (let i = 1; i < 5; i++) {
    const fx = face.x + (face.w * i) / 5 + range(sc.rng, -14, 14);
    out.push(path(`M${f(fx)} ${f(face.y + 8)}Q${f(fx - 12)} ${f(face.y + face.h * 0.6)} ${f(fx + 4)} ${f(face.y + face.h)}`, `fill="none" stroke="${dark(duvet, 0.2)}" stroke-width="6" stroke-opacity="0.35" stroke-linecap="round"`));
  }
  // Turned-down sheet.
  out.push(poly([P(x0, 630, 1.13), P(x1, 630, 1.13), P(x1, 630, 1.2), P(x0, 630, 1.2)], `fill="${light(duvet, 0.55)}"`));
  out.push(line(P(x0, 630, 1.185), P(x1, 630, 1.185), `stroke="${pal.accent}" stroke-width="2.5" stroke-opacity="0.7"`));
  // Pillows.
  const n = single ? 1 : 2;
  const pwid = (width - 60) / n;
  for (let i = 0; i < n; i++) out.push(pillow(s, x0 + 30 + i * pwid + 6, x0 + 30 + (i + 1) * pwid - 6, 548, 640, 1.05, light(duvet, 0.3)));
  out.push(pillow(s, cx - 80, cx + 80, 590, 650, 1.1, pal.accent));
  // A throw across the foot of the bed, hanging over the front.
  const t0 = kFoot - 0.2;
  out.push(poly([P(x0 - 4, 630, t0), P(x1 + 4, 630, t0), P(x1 + 4, 630, kFoot), P(x0 - 4, 630, kFoot)], `fill="${light(pal.accent, 0.08)}"`));
  const hang = frontRect(x0 - 4, x1 + 4, 630, 700, kFoot + 0.005);
  out.push(rect(hang.x, hang.y, hang.w, hang.h, `fill="${s.lin([[0, pal.accent], [1, dark(pal.accent, 0.25)]])}"`));
  for (let i = 0; i < 40; i++) {
    const fx = hang.x + 6 + (i * (hang.w - 12)) / 39;
    out.push(line([fx, hang.y + hang.h], [fx, hang.y + hang.h + 10], `stroke="${dark(pal.accent, 0.2)}" stroke-width="2"`));
  }
  out.push(line([hang.x, hang.y + 12], [hang.x + hang.w, hang.y + 12], `stroke="${light(pal.accent, 0.4)}" stroke-width="3" stroke-opacity="0.6"`));
  return out.join('');
}

function plant(sc: Scene, cx: number, k: number, size = 1): string {
  const { s, rng } = sc;
  const out: string[] = [];
  const potTop = 700;
  const pw = 70 * size;
  out.push(floorShadow(s, cx - pw, cx + pw, k - 0.06, k + 0.08, 0.45, 10));
  const a = P(cx - pw, potTop, k);
  const b = P(cx + pw, WY1, k);
  const pot = '#b8684a';
  out.push(path(`M${f(a[0])} ${f(a[1])}H${f(b[0])}L${f(b[0] - 16 * k)} ${f(b[1])}H${f(a[0] + 16 * k)}Z`, `fill="${s.lin([[0, light(pot, 0.15)], [0.6, pot], [1, dark(pot, 0.35)]], 0, 0, 1, 0)}"`));
  out.push(rect(a[0] - 6, a[1] - 6, b[0] - a[0] + 12, 16, `rx="4" fill="${dark(pot, 0.1)}"`));
  const base = P(cx, potTop, k);
  const greens = ['#4f7a45', '#5e8c4f', '#3f6a3d', '#6b9a57'];
  for (let i = 0; i < 16; i++) {
    const ang = (-90 + range(rng, -70, 70)) * (Math.PI / 180);
    const len = range(rng, 120, 260) * size * k;
    const tx = base[0] + Math.cos(ang) * len;
    const ty = base[1] + Math.sin(ang) * len;
    out.push(line(base, [tx, ty], `stroke="#3d5a33" stroke-width="3"`));
    const deg = (Math.atan2(ty - base[1], tx - base[0]) * 180) / Math.PI;
    out.push(ellipse(0, 0, 44 * size * k, 20 * size * k, `fill="${s.solid(pick(rng, greens), 0.2, 0.25)}" transform="translate(${f(tx)} ${f(ty)}) rotate(${f(deg)})"`));
  }
  return out.join('');
}

/** An upholstered seat: armchair or sofa with rolled arms, standing against the wall. */
function seat(sc: Scene, x0: number, x1: number, color: string, k0 = 1.02): string {
  const { s, pal } = sc;
  const out: string[] = [];
  const kb = k0 + 0.08;
  const k1 = k0 + 0.3;
  const arm = 64;
  const q = (x: number, y: number, k: number) => P(x, y, k);
  out.push(floorShadow(s, x0 - 10, x1 + 10, k0, k1, 0.5, 12));
  out.push(wallShadow(s, x0 + 14, x1 - 14, 526, 0.3, kb));
  // The back: an arched, buttoned panel.
  const bl = q(x0 + 14, 700, kb);
  const br = q(x1 - 14, 700, kb);
  const top = q((x0 + x1) / 2, 520, kb);
  const shoulder = q(x0 + 14, 560, kb)[1];
  out.push(path(`M${f(bl[0])} ${f(bl[1])}V${f(shoulder)}C${f(bl[0])} ${f(top[1] + 6)} ${f(br[0])} ${f(top[1] + 6)} ${f(br[0])} ${f(shoulder)}V${f(br[1])}Z`, `fill="${s.lin([[0, light(color, 0.14)], [1, dark(color, 0.22)]])}"`));
  out.push(path(`M${f(bl[0] + 16)} ${f(shoulder + 14)}C${f(bl[0] + 16)} ${f(top[1] + 26)} ${f(br[0] - 16)} ${f(top[1] + 26)} ${f(br[0] - 16)} ${f(shoulder + 14)}`, `fill="none" stroke="${light(color, 0.3)}" stroke-width="3" stroke-opacity="0.5"`));
  // Seat, with its cushions.
  out.push(box(s, x0 + arm - 6, x1 - arm + 6, 700, 770, kb, k1 - 0.02, color));
  const cushions = Math.max(1, Math.round((x1 - x0 - 2 * arm) / 220));
  const cwid = (x1 - x0 - 2 * arm) / cushions;
  for (let i = 0; i < cushions; i++) {
    const c0 = x0 + arm + i * cwid + 3;
    const c1 = c0 + cwid - 6;
    out.push(poly([q(c0, 684, kb), q(c1, 684, kb), q(c1, 684, k1 - 0.03), q(c0, 684, k1 - 0.03)], `fill="${light(color, 0.22)}"`));
    const fr = frontRect(c0, c1, 684, 718, k1 - 0.03);
    out.push(rect(fr.x - 2, fr.y - 4, fr.w + 4, fr.h + 4, `rx="14" fill="${s.lin([[0, light(color, 0.16)], [1, dark(color, 0.12)]])}"`));
  }
  // Loose cushions against the back.
  const backN = Math.max(1, Math.round((x1 - x0) / 280));
  const bw = (x1 - x0 - 2 * arm) / backN;
  const cushionCols = sc.dark ? [mix(pal.textile, pal.accent, 0.25), pal.accent] : [pal.accent, light(pal.textile, 0.1)];
  for (let i = 0; i < backN; i++) {
    const inset = backN === 1 ? bw * 0.18 : 14;
    out.push(pillow(s, x0 + arm + i * bw + inset, x0 + arm + (i + 1) * bw - inset, 612, 690, kb + 0.04, cushionCols[i % cushionCols.length]!));
  }
  // Rolled arms: the inner side, the top, and a rounded front.
  for (const [a0, a1] of [
    [x0, x0 + arm],
    [x1 - arm, x1],
  ] as const) {
    const innerX = a0 === x0 ? a1 : a0;
    const sideVisible = a0 === x0 ? VPX > a1 : VPX < a0;
    if (sideVisible) out.push(poly([q(innerX, 640, k0 + 0.03), q(innerX, 640, k1), q(innerX, 760, k1), q(innerX, 760, k0 + 0.03)], `fill="${dark(color, 0.26)}"`));
    const outerX = a0 === x0 ? a0 : a1;
    if (a0 === x0 ? VPX < a0 : VPX > a1) out.push(poly([q(outerX, 640, k0 + 0.03), q(outerX, 640, k1), q(outerX, 790, k1), q(outerX, 790, k0 + 0.03)], `fill="${dark(color, 0.32)}"`));
    const inset = arm * 0.14;
    out.push(poly([q(a0 + inset, 622, k0 + 0.03), q(a1 - inset, 622, k0 + 0.03), q(a1 - inset, 622, k1), q(a0 + inset, 622, k1)], `fill="${light(color, 0.12)}"`));
    const fr = frontRect(a0, a1, 618, 790, k1);
    out.push(path(`M${f(fr.x)} ${f(fr.y + fr.h)}V${f(fr.y + fr.w / 2)}A${f(fr.w / 2)} ${f(fr.w / 2)} 0 0 1 ${f(fr.x + fr.w)} ${f(fr.y + fr.w / 2)}V${f(fr.y + fr.h)}Z`, `fill="${s.lin([[0, light(color, 0.12)], [0.5, color], [1, dark(color, 0.28)]], 0, 0, 1, 0)}"`));
    out.push(circle(fr.x + fr.w / 2, fr.y + fr.w / 2, fr.w * 0.22, `fill="none" stroke="${dark(color, 0.3)}" stroke-width="2.5" stroke-opacity="0.6"`));
  }
  const legs = frontRect(x0, x1, 790, WY1, k1);
  for (const lx of [legs.x + 12, legs.x + legs.w - 26]) out.push(path(`M${f(lx)} ${f(legs.y)}h14l-3 ${f(legs.h)}h-8z`, `fill="${dark(pal.wood, 0.3)}"`));
  return out.join('');
}

/** A tall wardrobe with two panelled doors. */
function wardrobe(sc: Scene, x0: number, x1: number): string {
  const { s, pal } = sc;
  const out: string[] = [floorShadow(s, x0 - 6, x1 + 6, 1, 1.17, 0.5, 12), wallShadow(s, x0, x1, 190, 0.3)];
  const k1 = 1.14;
  out.push(box(s, x0, x1, 200, 790, 1, k1, pal.wood));
  out.push(box(s, x0 - 12, x1 + 12, 176, 202, 1, k1 + 0.02, light(pal.wood, 0.06)));
  out.push(box(s, x0 - 4, x1 + 4, 790, WY1, 1, k1 + 0.01, dark(pal.wood, 0.2)));
  const r = frontRect(x0, x1, 200, 790, k1);
  const dw = r.w / 2;
  for (let i = 0; i < 2; i++) {
    const dx = r.x + i * dw;
    out.push(rect(dx + 14, r.y + 20, dw - 28, r.h * 0.42, `rx="4" fill="none" stroke="${dark(pal.wood, 0.35)}" stroke-width="3"`));
    out.push(rect(dx + 14, r.y + 40 + r.h * 0.42, dw - 28, r.h * 0.5 - 40, `rx="4" fill="none" stroke="${dark(pal.wood, 0.35)}" stroke-width="3"`));
    out.push(rect(dx + 17, r.y + 23, dw - 34, r.h * 0.42 - 6, `rx="3" fill="${s.lin([[0, '#ffffff', 0.06], [1, SHADOW, 0.08]], 0, 0, 1, 1)}"`));
  }
  out.push(line([r.x + dw, r.y + 6], [r.x + dw, r.y + r.h - 6], `stroke="${dark(pal.wood, 0.45)}" stroke-width="2.5"`));
  out.push(circle(r.x + dw - 12, r.y + r.h * 0.48, 6, `fill="${pal.accent}"`) + circle(r.x + dw + 12, r.y + r.h * 0.48, 6, `fill="${pal.accent}"`));
  return out.join('');
}

function rug(sc: Scene, x0: number, x1: number, k0: number, k1: number): string {
  const { s, pal } = sc;
  const base = mix(pal.accent, dark(pal.floor, 0.2), 0.35);
  const q = (ax: number, bx: number, ka: number, kb: number) => [P(ax, WY1, ka), P(bx, WY1, ka), P(bx, WY1, kb), P(ax, WY1, kb)] as const;
  const inset = 24;
  return (
    poly(q(x0, x1, k0, k1), `fill="${base}"`) +
    poly(q(x0 + inset, x1 - inset, k0 + 0.02, k1 - 0.03), `fill="${light(base, 0.1)}" stroke="${pal.textile}" stroke-width="3" stroke-opacity="0.6"`) +
    poly(q(x0 + inset * 3, x1 - inset * 3, k0 + 0.06, k1 - 0.08), `fill="none" stroke="${pal.textile}" stroke-width="2" stroke-opacity="0.45"`) +
    poly(q(x0, x1, k0, k1), `fill="${s.lin([[0, SHADOW, 0.15], [1, SHADOW, 0]])}"`)
  );
}

function floorLamp(sc: Scene, x: number, k: number): string {
  const { s, pal } = sc;
  const base = P(x, WY1, k);
  const top = P(x, 330, k);
  const out: string[] = [];
  out.push(glow(s, top[0], top[1] + 20, 300, '#ffd48a', sc.dark ? 0.5 : 0.35));
  out.push(soft((a) => ellipse(base[0], base[1], 40 * k, 8 * k, a), SHADOW, 0.4, 6));
  out.push(line(base, [top[0], top[1] + 40], `stroke="${dark(pal.accent, 0.2)}" stroke-width="${f(6 * k)}"`));
  out.push(ellipse(base[0], base[1] - 4, 32 * k, 7 * k, `fill="${dark(pal.accent, 0.25)}"`));
  const sw0 = 40 * k;
  const sw1 = 70 * k;
  const sh = 80 * k;
  out.push(poly([[top[0] - sw0, top[1] - sh / 2], [top[0] + sw0, top[1] - sh / 2], [top[0] + sw1, top[1] + sh / 2], [top[0] - sw1, top[1] + sh / 2]], `fill="${s.lin([[0, light(pal.textile, 0.1)], [1, mix(pal.textile, '#ffd48a', 0.4)]])}"`));
  return out.join('');
}

function coffeeTable(sc: Scene, x0: number, x1: number, k0: number, k1: number): string {
  const { s, pal, rng } = sc;
  const out: string[] = [floorShadow(s, x0, x1, k0, k1, 0.4, 10)];
  const legs = (k: number) => {
    const l = frontRect(x0 + 12, x1 - 12, 740, WY1, k);
    return rect(l.x, l.y, 12, l.h, `fill="${dark(pal.wood, 0.3)}"`) + rect(l.x + l.w - 12, l.y, 12, l.h, `fill="${dark(pal.wood, 0.3)}"`);
  };
  out.push(legs(k0 + 0.02));
  out.push(legs(k1 - 0.01));
  out.push(box(s, x0, x1, 722, 742, k0, k1, pal.wood));
  // A teapot and cups, or a stack of books.
  const c = P((x0 + x1) / 2, 722, (k0 + k1) / 2);
  const kk = (k0 + k1) / 2;
  if (rng() < 0.6) {
    out.push(ellipse(c[0] - 40 * kk, c[1] - 30 * kk, 36 * kk, 32 * kk, `fill="${s.solid(pal.textile, 0.3, 0.2)}"`));
    out.push(path(`M${f(c[0] - 4 * kk)} ${f(c[1] - 40 * kk)}q${f(26 * kk)} ${f(-6 * kk)} ${f(34 * kk)} ${f(-24 * kk)}`, `fill="none" stroke="${pal.textile}" stroke-width="${f(6 * kk)}" stroke-linecap="round"`));
    out.push(ellipse(c[0] - 40 * kk, c[1] - 62 * kk, 12 * kk, 6 * kk, `fill="${pal.accent}"`));
    for (const dx of [50, 100]) out.push(rect(c[0] + (dx - 16) * kk, c[1] - 26 * kk, 32 * kk, 24 * kk, `rx="${f(6 * kk)}" fill="${s.solid(light(pal.textile, 0.2), 0.2, 0.15)}"`));
  } else {
    for (let i = 0; i < 3; i++) out.push(rect(c[0] - 60 * kk + i * 6, c[1] - (i + 1) * 14 * kk, 120 * kk - i * 12, 13 * kk, `rx="2" fill="${pick(rng, ['#7a2e2a', '#2f4a3a', '#3a4a6a', '#c9b08a'])}"`));
  }
  return out.join('');
}

function tiledStove(sc: Scene, x0: number, x1: number): string {
  const { s, pal } = sc;
  const out: string[] = [floorShadow(s, x0 - 10, x1 + 10, 1, 1.16, 0.5, 12), wallShadow(s, x0, x1, 170, 0.3)];
  const tile = light(pal.trim, 0.15);
  const k1 = 1.12;
  out.push(box(s, x0, x1, 200, 770, 1, k1, tile));
  const r = frontRect(x0, x1, 200, 770, k1);
  const cols = 4;
  const rows = 9;
  const tw = r.w / cols;
  const th = r.h / rows;
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const tx = r.x + i * tw;
      const ty = r.y + j * th;
      out.push(rect(tx + 2, ty + 2, tw - 4, th - 4, `rx="4" fill="${s.solid(tile, 0.2, 0.1)}"`));
      const mx = tx + tw / 2;
      const my = ty + th / 2;
      const m = Math.min(tw, th) * 0.28;
      out.push(path(`M${f(mx)} ${f(my - m)}Q${f(mx + m * 0.2)} ${f(my - m * 0.2)} ${f(mx + m)} ${f(my)}Q${f(mx + m * 0.2)} ${f(my + m * 0.2)} ${f(mx)} ${f(my + m)}Q${f(mx - m * 0.2)} ${f(my + m * 0.2)} ${f(mx - m)} ${f(my)}Q${f(mx - m * 0.2)} ${f(my - m * 0.2)} ${f(mx)} ${f(my - m)}Z`, `fill="${mix(pal.accent, '#2f5a7a', 0.35)}" fill-opacity="0.85"`));
    }
  }
  // Cornice, plinth and a brass fire door.
  out.push(box(s, x0 - 10, x1 + 10, 176, 200, 1, k1 + 0.015, light(pal.trim, 0.1)));
  out.push(box(s, x0 - 16, x1 + 16, 160, 178, 1, k1 + 0.025, pal.trim));
  out.push(box(s, x0 - 12, x1 + 12, 770, WY1, 1, k1 + 0.02, dark(pal.trim, 0.1)));
  const door = frontRect(x0 + (x1 - x0) * 0.3, x1 - (x1 - x0) * 0.3, 640, 730, k1 + 0.005);
  out.push(rect(door.x, door.y, door.w, door.h, `rx="6" fill="${s.lin([[0, '#e2bd6a'], [1, '#9a7330']], 0, 0, 1, 1)}"`));
  out.push(rect(door.x + 8, door.y + 8, door.w - 16, door.h - 16, `rx="4" fill="none" stroke="#7a5a24" stroke-width="2"`));
  return out.join('');
}

function bookcase(sc: Scene, x0: number, x1: number, yTop: number, k1: number): string {
  const { s, pal, rng } = sc;
  const out: string[] = [floorShadow(s, x0 - 10, x1 + 10, 1, k1 + 0.04, 0.5, 12), wallShadow(s, x0, x1, yTop, 0.3)];
  out.push(box(s, x0, x1, yTop, WY1, 1, k1, pal.wood));
  const r = frontRect(x0, x1, yTop, WY1, k1);
  const side = 16;
  const inner = { x: r.x + side, y: r.y + side * 1.5, w: r.w - side * 2, h: r.h - side * 2.5 };
  out.push(rect(inner.x, inner.y, inner.w, inner.h, `fill="${dark(pal.wood, 0.55)}"`));
  const shelves = Math.max(2, Math.round(inner.h / 150));
  const sh = inner.h / shelves;
  const bookCols = ['#7a2e2a', '#2f4a3a', '#3a4a6a', '#8a6a3a', '#5a3a4a', '#c9b08a', '#6a2a2a', '#2a3a4a', '#a8843f', '#4a5a3a', pal.accent];
  for (let i = 0; i < shelves; i++) {
    const floorY = inner.y + (i + 1) * sh;
    let bx = inner.x + 4;
    while (bx < inner.x + inner.w - 14) {
      const bw = range(rng, 12, 26);
      if (bx + bw > inner.x + inner.w - 4) break;
      const bh = sh * range(rng, 0.62, 0.86);
      const col = pick(rng, bookCols);
      if (rng() < 0.07 && bx + bh * 0.6 < inner.x + inner.w - 4) {
        // A leaning book.
        out.push(rect(bx, floorY - 14 - bw, bh, bw, `fill="${col}" transform="rotate(-62 ${f(bx)} ${f(floorY - 14)})"`));
        bx += bh * 0.5;
        continue;
      }
      out.push(rect(bx, floorY - 14 - bh, bw, bh, `fill="${s.lin([[0, light(col, 0.15)], [0.5, col], [1, dark(col, 0.3)]], 0, 0, 1, 0)}"`));
      if (rng() < 0.6) out.push(rect(bx + 2, floorY - 14 - bh * 0.8, bw - 4, 3, `fill="#d8b56a" fill-opacity="0.7"`));
      bx += bw + (rng() < 0.1 ? range(rng, 10, 30) : 1);
    }
    out.push(rect(inner.x, floorY - 14, inner.w, 14, `fill="${s.lin([[0, light(pal.wood, 0.15)], [1, dark(pal.wood, 0.1)]])}"`));
    out.push(rect(inner.x, floorY, inner.w, 12, `fill="${SHADOW}" fill-opacity="0.35"`));
  }
  out.push(rect(inner.x, inner.y, inner.w, inner.h, `fill="${s.lin([[0, SHADOW, 0.25], [0.2, SHADOW, 0], [1, SHADOW, 0.15]])}"`));
  return out.join('');
}

function desk(sc: Scene, x0: number, x1: number, lampCol: string): string {
  const { s, pal, rng } = sc;
  const out: string[] = [];
  const k1 = 1.26;
  out.push(floorShadow(s, x0, x1, 1, k1 + 0.04, 0.45, 14));
  out.push(wallShadow(s, x0, x1, 600, 0.18));
  for (const k of [1.01, k1 - 0.01]) {
    const l = frontRect(x0 + 8, x1 - 8, 690, WY1, k);
    out.push(rect(l.x, l.y, 16, l.h, `fill="${dark(pal.wood, k > 1.1 ? 0.15 : 0.35)}"`) + rect(l.x + l.w - 16, l.y, 16, l.h, `fill="${dark(pal.wood, k > 1.1 ? 0.15 : 0.35)}"`));
  }
  out.push(box(s, x0 + 6, x1 - 6, 620, 690, 1, k1 - 0.01, pal.wood));
  const dr = frontRect(x0 + 6, x1 - 6, 632, 680, k1 - 0.01);
  for (let i = 0; i < 3; i++) {
    const w = dr.w / 3;
    out.push(rect(dr.x + i * w + 10, dr.y, w - 20, dr.h, `fill="none" stroke="${dark(pal.wood, 0.35)}" stroke-width="2"`));
    out.push(circle(dr.x + i * w + w / 2, dr.y + dr.h / 2, 4.5, `fill="${pal.accent}"`));
  }
  out.push(box(s, x0 - 10, x1 + 10, 604, 622, 1, k1, light(pal.wood, 0.05)));
  // Banker's lamp, books, papers, a pen.
  const lampAt = P(x0 + (x1 - x0) * 0.2, 604, 1.12);
  const kk = 1.12;
  out.push(glow(s, lampAt[0], lampAt[1] - 80, 300, '#ffd48a', sc.dark ? 0.55 : 0.4));
  out.push(ellipse(lampAt[0], lampAt[1] - 4, 38 * kk, 8 * kk, `fill="#b8913f"`));
  out.push(line([lampAt[0], lampAt[1] - 6], [lampAt[0], lampAt[1] - 70 * kk], `stroke="#c9a050" stroke-width="${f(6 * kk)}"`));
  out.push(path(`M${f(lampAt[0] - 70 * kk)} ${f(lampAt[1] - 62 * kk)}Q${f(lampAt[0])} ${f(lampAt[1] - 120 * kk)} ${f(lampAt[0] + 70 * kk)} ${f(lampAt[1] - 62 * kk)}Z`, `fill="${s.lin([[0, light(lampCol, 0.25)], [1, dark(lampCol, 0.25)]])}"`));
  out.push(ellipse(lampAt[0], lampAt[1] - 62 * kk, 70 * kk, 6 * kk, `fill="#fff0c8" fill-opacity="0.85"`));
  const books = P(x0 + (x1 - x0) * 0.86, 604, 1.14);
  for (let i = 0; i < 3; i++) {
    const col = pick(rng, ['#7a2e2a', '#2f4a3a', '#3a4a6a', '#c9b08a', pal.accent]);
    const bw = (110 - i * 14) * 1.14;
    out.push(rect(books[0] - bw / 2 + i * 4, books[1] - (i + 1) * 16, bw, 15, `rx="2" fill="${s.lin([[0, light(col, 0.15)], [1, dark(col, 0.2)]])}"`));
  }
  const paper = P(x0 + (x1 - x0) * 0.5, 604, 1.16);
  out.push(poly([[paper[0] - 70, paper[1] - 4], [paper[0] + 50, paper[1] - 10], [paper[0] + 70, paper[1] + 6], [paper[0] - 55, paper[1] + 12]], `fill="#fbf6ea"`));
  out.push(line([paper[0] + 20, paper[1] + 14], [paper[0] + 110, paper[1] - 2], `stroke="#2a2018" stroke-width="4" stroke-linecap="round"`));
  return out.join('');
}

/** A chair seen from behind, standing in front of the desk. */
function chairBack(sc: Scene, cx: number, k: number, color: string): string {
  const { s, pal } = sc;
  const out: string[] = [];
  const w = 84;
  out.push(floorShadow(s, cx - w, cx + w, k - 0.12, k + 0.02, 0.4, 10));
  const seatFront = frontRect(cx - w, cx + w, 700, 722, k - 0.1);
  out.push(rect(seatFront.x, seatFront.y, seatFront.w, seatFront.h, `rx="6" fill="${dark(color, 0.1)}"`));
  for (const lx of [cx - w + 8, cx + w - 22]) {
    const l = frontRect(lx, lx + 14, 720, WY1, k);
    out.push(rect(l.x, l.y, l.w, l.h, `fill="${dark(pal.wood, 0.2)}"`));
  }
  const back = frontRect(cx - w, cx + w, 560, 720, k);
  out.push(rect(back.x, back.y, 16 * k, back.h + 10, `fill="${s.lin([[0, light(pal.wood, 0.1)], [1, dark(pal.wood, 0.3)]], 0, 0, 1, 0)}"`));
  out.push(rect(back.x + back.w - 16 * k, back.y, 16 * k, back.h + 10, `fill="${s.lin([[0, light(pal.wood, 0.1)], [1, dark(pal.wood, 0.3)]], 0, 0, 1, 0)}"`));
  out.push(path(`M${f(back.x - 6)} ${f(back.y + 10)}Q${f(back.x + back.w / 2)} ${f(back.y - 22)} ${f(back.x + back.w + 6)} ${f(back.y + 10)}V${f(back.y + 40)}Q${f(back.x + back.w / 2)} ${f(back.y + 10)} ${f(back.x - 6)} ${f(back.y + 40)}Z`, `fill="${s.lin([[0, light(pal.wood, 0.12)], [1, dark(pal.wood, 0.2)]])}"`));
  out.push(rect(back.x + back.w * 0.25, back.y + 36, back.w * 0.5, back.h * 0.55, `rx="${f(back.w * 0.2)}" fill="${s.solid(color, 0.15, 0.2)}"`));
  return out.join('');
}

function mirror(sc: Scene, cx: number, cy: number, rx: number, ry: number): string {
  const { s } = sc;
  return (
    soft((a) => ellipse(cx + 6, cy + 10, rx + 14, ry + 14, a), SHADOW, 0.3, 8) +
    ellipse(cx, cy, rx + 14, ry + 14, `fill="${s.lin([[0, '#ecc97a'], [0.5, '#b88a3e'], [1, '#7d5a22']], 0, 0, 1, 1)}"`) +
    ellipse(cx, cy, rx, ry, `fill="${s.lin([[0, light(sc.wall, 0.45)], [0.6, light(sc.wall, 0.2)], [1, sc.wall]], 0, 0, 1, 1)}"`) +
    path(`M${f(cx - rx * 0.6)} ${f(cy - ry * 0.1)}L${f(cx - rx * 0.1)} ${f(cy - ry * 0.7)}L${f(cx + rx * 0.05)} ${f(cy - ry * 0.6)}L${f(cx - rx * 0.45)} ${f(cy + ry * 0.05)}Z`, `fill="#ffffff" fill-opacity="0.35"`)
  );
}

function washstand(sc: Scene, x0: number, x1: number): string {
  const { s, pal } = sc;
  const out: string[] = [floorShadow(s, x0 - 10, x1 + 10, 1, 1.2, 0.45, 10), wallShadow(s, x0, x1, 600, 0.2)];
  out.push(box(s, x0, x1, 610, 790, 1, 1.16, pal.wood));
  const r = frontRect(x0, x1, 630, 780, 1.16);
  out.push(rect(r.x + 12, r.y, r.w / 2 - 18, r.h - 10, `fill="none" stroke="${dark(pal.wood, 0.3)}" stroke-width="2"`));
  out.push(rect(r.x + r.w / 2 + 6, r.y, r.w / 2 - 18, r.h - 10, `fill="none" stroke="${dark(pal.wood, 0.3)}" stroke-width="2"`));
  out.push(box(s, x0 - 8, x1 + 8, 596, 612, 1, 1.18, light(pal.trim, 0.3)));
  const c = P((x0 + x1) / 2, 596, 1.09);
  out.push(ellipse(c[0], c[1] - 10, 95, 20, `fill="${s.lin([[0, '#ffffff'], [1, '#e4e0d8']])}"`));
  out.push(ellipse(c[0], c[1] - 12, 78, 13, `fill="${s.lin([[0, '#c9c6c0'], [1, '#f6f4ef']])}"`));
  out.push(path(`M${f(c[0])} ${f(c[1] - 30)}V${f(c[1] - 70)}q0 -14 18 -14h22`, `fill="none" stroke="#c9a050" stroke-width="8" stroke-linecap="round"`));
  return out.join('');
}

function clawTub(sc: Scene, x0: number, x1: number): string {
  const { s, pal } = sc;
  const out: string[] = [];
  const k0 = 1.06;
  const k1 = 1.3;
  const rim = 640;
  out.push(floorShadow(s, x0 - 10, x1 + 10, k0, k1 + 0.02, 0.45, 14));
  const brass = '#c9a050';
  const feet = (k: number, sz: number) => {
    const a = P(x0 + 70, WY1, k);
    const b = P(x1 - 70, WY1, k);
    return [a, b].map((p) => path(`M${f(p[0] - 14 * sz)} ${f(p[1] - 36 * sz)}q${f(14 * sz)} ${f(-8 * sz)} ${f(28 * sz)} 0l${f(6 * sz)} ${f(30 * sz)}q${f(-20 * sz)} ${f(10 * sz)} ${f(-40 * sz)} 0Z`, `fill="${brass}"`)).join('');
  };
  out.push(feet(k0 + 0.04, 0.9));
  const exterior = sc.dark ? light(pal.trim, 0.2) : dark(mix(pal.accent, pal.wall[0], 0.4), 0.1);
  const q = (x: number, y: number) => P(x, y, k1);
  const l = q(x0, rim - 40);
  const r = q(x1, rim - 30);
  const bl = q(x0 + 90, 790);
  const br = q(x1 - 90, 790);
  // Inside of the tub (seen from above) and its rolled rim.
  const inner = [P(x0 + 30, rim, k0 + 0.03), P(x1 - 30, rim, k0 + 0.03), P(x1 - 20, rim, k1 - 0.03), P(x0 + 20, rim, k1 - 0.03)];
  out.push(path(smooth([lerp(inner[0]!, inner[1]!, 0.1), lerp(inner[0]!, inner[1]!, 0.9), lerp(inner[1]!, inner[2]!, 0.5), lerp(inner[2]!, inner[3]!, 0.1), lerp(inner[2]!, inner[3]!, 0.9), lerp(inner[3]!, inner[0]!, 0.5)]), `fill="${s.lin([[0, '#d9d6cf'], [1, '#ffffff']])}" stroke="#ffffff" stroke-width="12"`));
  out.push(path(`M${f(l[0])} ${f(l[1])}Q${f(q(x0 + 30, rim)[0])} ${f(q(x0 + 30, rim)[1])} ${f(q(x0 + 80, rim)[0])} ${f(q(x0 + 80, rim)[1])}H${f(q(x1 - 80, rim)[0])}Q${f(q(x1 - 30, rim)[0])} ${f(q(x1 - 30, rim)[1])} ${f(r[0])} ${f(r[1])}C${f(r[0] + 10)} ${f(r[1] + 120)} ${f(br[0] + 40)} ${f(br[1])} ${f(br[0])} ${f(br[1])}H${f(bl[0])}C${f(bl[0] - 40)} ${f(bl[1])} ${f(l[0] - 10)} ${f(l[1] + 120)} ${f(l[0])} ${f(l[1])}Z`, `fill="${s.lin([[0, light(exterior, 0.15)], [0.6, exterior], [1, dark(exterior, 0.3)]])}"`));
  out.push(path(`M${f(l[0])} ${f(l[1])}Q${f(q(x0 + 30, rim)[0])} ${f(q(x0 + 30, rim)[1])} ${f(q(x0 + 80, rim)[0])} ${f(q(x0 + 80, rim)[1])}H${f(q(x1 - 80, rim)[0])}Q${f(q(x1 - 30, rim)[0])} ${f(q(x1 - 30, rim)[1])} ${f(r[0])} ${f(r[1])}`, `fill="none" stroke="#fbfaf6" stroke-width="16" stroke-linecap="round"`));
  out.push(feet(k1 - 0.02, 1.1));
  // Standing brass tap at one end.
  const tap = P(x1 - 10, rim, k0 + 0.12);
  out.push(path(`M${f(tap[0] + 30)} ${f(P(x1, WY1, k0 + 0.12)[1])}V${f(tap[1] - 90)}q0 -26 -30 -26h-24q-14 0 -14 16`, `fill="none" stroke="${brass}" stroke-width="9" stroke-linecap="round"`));
  // Towel over the rim.
  const tw = P(x0 + 120, rim, k1);
  out.push(rect(tw[0], tw[1] - 10, 120, 150, `rx="10" fill="${s.lin([[0, light(pal.textile, 0.2)], [1, dark(pal.textile, 0.12)]])}"`));
  out.push(rect(tw[0], tw[1] + 110, 120, 12, `fill="${pal.accent}" fill-opacity="0.8"`));
  return out.join('');
}

function shower(sc: Scene, x0: number, x1: number): string {
  const { s } = sc;
  const out: string[] = [];
  const tile = '#f3f1ec';
  const metro = s.pattern('metro-shower', 80, 40, rect(0, 0, 80, 40, `fill="#d9d5cc"`) + rect(1.5, 1.5, 77, 17, `rx="2" fill="${tile}"`) + rect(-38.5, 21.5, 77, 17, `rx="2" fill="${tile}"`) + rect(41.5, 21.5, 77, 17, `rx="2" fill="${tile}"`));
  out.push(rect(x0, WY0 + 40, x1 - x0, WY1 - WY0 - 40, `fill="${metro}"`));
  out.push(rect(x0, WY0 + 40, x1 - x0, WY1 - WY0 - 40, `fill="${s.lin([[0, SHADOW, 0.05], [1, SHADOW, 0.18]])}"`));
  const head = P((x0 + x1) / 2, 200, 1.14);
  const arm = [(x0 + x1) / 2, 200] as Pt;
  out.push(line(arm, head, `stroke="#b9b9b4" stroke-width="10"`));
  out.push(line([arm[0], 200], [arm[0], 560], `stroke="#b9b9b4" stroke-width="9"`));
  out.push(ellipse(head[0], head[1], 90, 16, `fill="${s.lin([[0, '#e8e7e2'], [1, '#8e8e88']])}"`));
  for (let i = 0; i < 22; i++) {
    const xx = head[0] - 80 + (160 * i) / 21;
    out.push(line([xx, head[1] + 18], [xx + (xx - head[0]) * 0.3, P(0, WY1, 1.14)[1] - 20], `stroke="#ffffff" stroke-width="2" stroke-opacity="0.22"`));
  }
  // A glass screen on the open side, with its shine.
  const gx = x1;
  const glass: Pt[] = [P(gx, WY0 + 40, 1), P(gx, WY0 + 40, 1.32), P(gx, WY1, 1.32), P(gx, WY1, 1)];
  out.push(poly(glass, `fill="${s.lin([[0, '#ffffff', 0.08], [0.4, '#ffffff', 0.28], [0.5, '#ffffff', 0.08], [1, '#dff0f0', 0.18]], 0, 0, 1, 1)}" stroke="#9a9a94" stroke-width="5"`));
  out.push(poly([P(x0 - 20, WY1, 1), P(gx, WY1, 1), P(gx, WY1, 1.32), P(x0 - 20, WY1, 1.32)], `fill="#e9e6df" fill-opacity="0.8"`));
  return out.join('');
}

function towelRail(sc: Scene, x0: number, x1: number, y: number): string {
  const { s, pal } = sc;
  const out: string[] = [];
  out.push(line([x0, y], [x1, y], `stroke="#c9a050" stroke-width="8" stroke-linecap="round"`));
  const tw = (x1 - x0) * 0.7;
  const tx = x0 + (x1 - x0) * 0.15;
  out.push(soft((a) => rect(tx + 5, y + 6, tw, 190, a), SHADOW, 0.25, 6));
  out.push(rect(tx, y - 4, tw, 190, `rx="6" fill="${s.lin([[0, light(pal.textile, 0.2)], [1, dark(pal.textile, 0.1)]], 0, 0, 1, 0)}"`));
  out.push(rect(tx, y + 150, tw, 12, `fill="${pal.accent}" fill-opacity="0.7"`));
  return out.join('');
}

function windowSeat(sc: Scene, x0: number, x1: number): string {
  const { s, pal, rng } = sc;
  const out: string[] = [floorShadow(s, x0, x1, 1, 1.22, 0.4, 10)];
  out.push(box(s, x0, x1, 700, WY1, 1, 1.2, pal.trim));
  const r = frontRect(x0, x1, 712, 810, 1.2);
  const n = 3;
  for (let i = 0; i < n; i++) out.push(rect(r.x + 14 + (i * (r.w - 28)) / n, r.y, (r.w - 28) / n - 12, r.h - 14, `rx="4" fill="none" stroke="${dark(pal.trim, 0.25)}" stroke-width="2"`));
  out.push(box(s, x0 + 6, x1 - 6, 680, 702, 1.01, 1.2, mix(pal.textile, pal.accent, 0.25)));
  const cols = [pal.accent, light(pal.textile, 0.2), mix(pal.accent, pal.wall[0], 0.4)];
  const count = 3;
  for (let i = 0; i < count; i++) {
    const cx = x0 + 80 + ((x1 - x0 - 160) * i) / (count - 1) + range(rng, -20, 20);
    out.push(pillow(s, cx - 70, cx + 70, 590, 690, 1.06, cols[i % cols.length]!));
  }
  return out.join('');
}

function sconce(sc: Scene, x: number, y: number): string {
  const { s } = sc;
  return (
    glow(s, x, y, 160, '#ffd48a', sc.dark ? 0.5 : 0.4) +
    rect(x - 8, y + 10, 16, 36, `rx="4" fill="#b8913f"`) +
    poly([[x - 20, y - 30], [x + 20, y - 30], [x + 30, y + 14], [x - 30, y + 14]], `fill="${s.lin([[0, '#fff3d6'], [1, '#ffd990']])}"`)
  );
}

/** The attic's roof window on one slope, with the view and a shaft of light. */
function skylight(sc: Scene, left: boolean): string {
  const { s, pal, rng } = sc;
  const from: Pt = left ? [WX0, KNEE_Y] : [WX1, KNEE_Y];
  const to: Pt = left ? [SLOPE_X0, WY0] : [SLOPE_X1, WY0];
  const e0 = lerp(from, to, 0.32);
  const e1 = lerp(from, to, 0.68);
  const ka = 1.12;
  const kb = 1.42;
  const quad: Pt[] = [Pp(e0, ka), Pp(e1, ka), Pp(e1, kb), Pp(e0, kb)];
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const bx = Math.min(...xs);
  const by = Math.min(...ys);
  const out: string[] = [];
  const floorA = P(e0[0], WY1, 1.25);
  const floorB = P(e1[0], WY1, 1.55);
  out.push(soft((a) => poly([quad[0]!, quad[1]!, [floorB[0], floorB[1]], [floorA[0], floorA[1]]], a), '#fff5dc', 0.1, 18));
  const clip = s.clip(poly(quad, ''));
  out.push(g(`clip-path="${clip}"`, drawView(s, rng, 'roofs', bx, by, Math.max(...xs) - bx, Math.max(...ys) - by)));
  out.push(poly(quad, `fill="none" stroke="${pal.trim}" stroke-width="16" stroke-linejoin="round"`));
  out.push(line(lerp(quad[0]!, quad[3]!, 0.5), lerp(quad[1]!, quad[2]!, 0.5), `stroke="${pal.trim}" stroke-width="8"`));
  return out.join('');
}

// ----- the five compositions -----

function composeBed(sc: Scene): string {
  const { rng, room } = sc;
  const out: string[] = [];
  const single = room.primaryCapacity === 1;
  const width = single ? 360 : 520;
  const windowLeft = rng() < 0.5;
  const shift = (windowLeft ? 1 : -1) * range(rng, 70, 110);
  const cx = VPX + shift;
  const x0 = cx - width / 2;
  const x1 = cx + width / 2;
  if (sc.attic) out.push(skylight(sc, windowLeft));
  else {
    const wx0 = windowLeft ? WX0 + 50 : x1 + 190;
    const wx1 = windowLeft ? x0 - 190 : WX1 - 50;
    out.push(windowOnWall(sc, { x: wx0, y: 190, w: wx1 - wx0, h: 440, curtains: true }));
    out.push(floorLight(sc, wx0, wx1));
  }
  const picY = sc.attic ? 170 : 190;
  if (rng() < 0.5 || single) out.push(picture(sc, cx - 150, picY, 300, 200));
  else {
    out.push(picture(sc, cx - 230, picY + 30, 190, 150));
    out.push(picture(sc, cx + 40, picY + 30, 190, 150));
  }
  out.push(drawNightstand(sc, x0 - 160, x0 - 26));
  out.push(drawNightstand(sc, x1 + 26, x1 + 160));
  out.push(bed(sc, cx, width, single));
  // The far side: a plant or an armchair.
  const farX = windowLeft ? x1 + 300 : x0 - 300;
  if (room.roomSize >= 30 && !sc.attic) {
    const wx0 = windowLeft ? x1 + 190 : WX0 + 40;
    out.push(wardrobe(sc, wx0, wx0 + 230));
  } else out.push(plant(sc, farX, 1.12, 0.9));
  return out.join('');
}

function composeWindow(sc: Scene): string {
  const { rng, room, pal } = sc;
  const out: string[] = [];
  const french = room.wallpaper === 'brick';
  const arch = room.view === 'river';
  const w = sc.attic ? 380 : 480;
  const x = VPX - w / 2 + range(rng, -30, 30);
  const y = sc.attic ? 210 : french ? 160 : 150;
  const h = french ? WY1 - y : sc.attic ? 440 : 520;
  out.push(windowOnWall(sc, { x, y, w, h, arch, door: french, curtains: true }));
  out.push(floorLight(sc, x, x + w));
  if (!french) out.push(windowSeat(sc, x - 30, x + w + 30));
  const leftChair = rng() < 0.5;
  const chairCol = sc.dark ? dark(pal.wood, 0.05) : mix(pal.accent, pal.textile, 0.3);
  const seatW = 250;
  const gap = french ? 120 : 90;
  if (leftChair) {
    out.push(plant(sc, Math.min(WX1 - 150, x + w + 230), 1.08, 0.85));
    out.push(seat(sc, x - gap - seatW - 20, x - gap - 20, chairCol, 1.04));
  } else {
    out.push(plant(sc, Math.max(WX0 + 150, x - 230), 1.08, 0.85));
    out.push(seat(sc, x + w + gap + 20, x + w + gap + seatW + 20, chairCol, 1.04));
  }
  if (!sc.attic) out.push(sconce(sc, leftChair ? WX0 + 170 : WX1 - 170, 330));
  return out.join('');
}

function composeDesk(sc: Scene): string {
  const { rng, room, pal } = sc;
  const out: string[] = [];
  const cx = VPX + range(rng, -50, 50);
  const ww = sc.attic ? 260 : 380;
  out.push(windowOnWall(sc, { x: cx - ww / 2, y: sc.attic ? 220 : 160, w: ww, h: sc.attic ? 300 : 380, curtains: !sc.attic, arch: room.view === 'river' }));
  out.push(floorLight(sc, cx - ww / 2, cx + ww / 2));
  const shelfLeft = rng() < 0.5;
  const bx0 = shelfLeft ? WX0 + 20 : WX1 - 330;
  out.push(bookcase(sc, bx0, bx0 + 310, sc.attic ? 560 : 130, 1.12));
  const fx = shelfLeft ? WX1 - 330 : WX0 + 60;
  if (!sc.attic) {
    out.push(picture(sc, fx, 200, 150, 190));
    out.push(picture(sc, fx + 170, 230, 110, 140));
    out.push(picture(sc, fx + 40, 420, 200, 130));
  } else out.push(plant(sc, shelfLeft ? WX1 - 180 : WX0 + 180, 1.1, 0.85));
  const lampCol = room.slug === 'study' ? '#2f6b4f' : pal.accent;
  out.push(desk(sc, cx - 250, cx + 250, lampCol));
  out.push(chairBack(sc, cx + range(rng, 30, 60), 1.46, sc.dark ? mix(pal.accent, pal.wall[0], 0.3) : pal.accent));
  return out.join('');
}

function composeLounge(sc: Scene): string {
  const { rng, room, pal } = sc;
  const out: string[] = [];
  const stove = room.conveniences.includes('tiled-stove');
  const stoveLeft = rng() < 0.5;
  const sofa = room.roomSize >= 36;
  const seatW = sofa ? 600 : 260;
  const cx = VPX + (stoveLeft ? 110 : -110);
  const color = sc.dark ? mix(pal.accent, pal.wall[0], 0.35) : mix(pal.accent, pal.textile, 0.2);
  out.push(rug(sc, cx - seatW / 2 - 120, cx + seatW / 2 + 120, 1.22, 1.68));
  if (sofa) {
    out.push(picture(sc, cx - 230, 200, 190, 150));
    out.push(picture(sc, cx + 40, 200, 190, 150));
  } else out.push(picture(sc, cx - 130, 210, 260, 190));
  if (!stove) {
    out.push(sconce(sc, cx - seatW / 2 - 60, 330) + sconce(sc, cx + seatW / 2 + 60, 330));
  }
  const sideX = stoveLeft ? WX0 + 40 : WX1 - 320;
  if (stove) out.push(tiledStove(sc, sideX, sideX + 280));
  else out.push(plant(sc, sideX + 140, 1.1, 0.85));
  out.push(seat(sc, cx - seatW / 2, cx + seatW / 2, color, 1.04));
  const lampX = stoveLeft ? cx + seatW / 2 + 120 : cx - seatW / 2 - 120;
  out.push(floorLamp(sc, lampX, 1.06));
  if (!stove) out.push(plant(sc, stoveLeft ? WX1 - 150 : WX0 + 150, 1.15, 0.7));
  out.push(coffeeTable(sc, cx - 170, cx + 170, 1.42, 1.6));
  return out.join('');
}

function composeBathroom(sc: Scene): string {
  const { rng, room, s, pal } = sc;
  const out: string[] = [];
  // Tiles up to dado height, with a border.
  const tileY = 440;
  const tile = light(pal.trim, 0.35);
  const grout = dark(pal.trim, 0.08);
  const metro = s.pattern(`metro${room.slug}`, 80, 40, rect(0, 0, 80, 40, `fill="${grout}"`) + rect(1.5, 1.5, 77, 17, `rx="2" fill="${tile}"`) + rect(-38.5, 21.5, 77, 17, `rx="2" fill="${tile}"`) + rect(41.5, 21.5, 77, 17, `rx="2" fill="${tile}"`));
  out.push(rect(WX0, tileY, WX1 - WX0, WY1 - tileY, `fill="${metro}"`));
  out.push(rect(WX0, tileY, WX1 - WX0, WY1 - tileY, `fill="${s.lin([[0, '#ffffff', 0.1], [1, SHADOW, 0.12]])}"`));
  out.push(rect(WX0, tileY - 14, WX1 - WX0, 16, `fill="${pal.accent}"`));
  const tub = room.conveniences.includes('bathtub');
  const tubLeft = rng() < 0.5;
  if (tub) {
    const tx0 = tubLeft ? WX0 + 130 : WX1 - 690;
    out.push(windowOnWall(sc, { x: tx0 + 130, y: 150, w: 300, h: 240, curtains: false, arch: room.view === 'river' }));
    out.push(clawTub(sc, tx0, tx0 + 560));
    const wsx = tubLeft ? WX1 - 400 : WX0 + 90;
    out.push(mirror(sc, wsx + 150, 310, 110, 150));
    out.push(sconce(sc, wsx - 10, 300) + sconce(sc, wsx + 310, 300));
    out.push(washstand(sc, wsx, wsx + 300));
    out.push(towelRail(sc, tubLeft ? 890 : 600, tubLeft ? 990 : 700, 470));
  } else {
    const sx0 = tubLeft ? WX0 : WX1 - 430;
    out.push(shower(sc, sx0, sx0 + 430));
    const wx = tubLeft ? 700 : 520;
    out.push(windowOnWall(sc, { x: wx, y: 160, w: 260, h: 200, curtains: false, frosted: true }));
    const wsx = tubLeft ? WX1 - 420 : WX0 + 160;
    out.push(mirror(sc, wsx + 150, 310, 100, 140));
    out.push(washstand(sc, wsx, wsx + 300));
    out.push(towelRail(sc, tubLeft ? 560 : 1000, tubLeft ? 700 : 1140, 470));
    out.push(plant(sc, tubLeft ? 640 : 960, 1.35, 0.6));
  }
  return out.join('');
}

export function roomImageSvg(room: DemoRoom, index: number): string {
  const image = room.images[index];
  if (!image) throw new Error(`Room ${room.slug} has no image ${index}`);
  const s = new Svg(RW, RH);
  const rng = seeded(`${room.slug}:${index}`);
  const wall = mix(room.palette.wall[0], room.palette.wall[1], 0.5);
  const sc: Scene = { s, rng, room, pal: room.palette, attic: room.attic === true, wall, dark: luma(wall) < 0.4 };
  const bathroom = image.motif === 'bathroom';
  const body: string[] = [shell(sc, bathroom)];
  switch (image.motif) {
    case 'bed':
      body.push(composeBed(sc));
      break;
    case 'window':
      body.push(composeWindow(sc));
      break;
    case 'desk':
      body.push(composeDesk(sc));
      break;
    case 'lounge':
      body.push(composeLounge(sc));
      break;
    case 'bathroom':
      body.push(composeBathroom(sc));
      break;
  }
  // Photographic finish: warm light from the top, a soft vignette.
  body.push(rect(0, 0, RW, RH, `fill="${s.lin([[0, '#fff1d6', 0.1], [0.5, '#fff1d6', 0], [1, SHADOW, 0.12]])}"`));
  body.push(rect(0, 0, RW, RH, `fill="${s.rad([[0, SHADOW, 0], [0.65, SHADOW, 0.05], [1, SHADOW, 0.42]], 0.5, 0.48, 0.75)}"`));
  return s.render(body.join(''));
}

// ---------------------------------------------------------------------------------------------
// Dishes: a top-down table scene. Light comes from the top left, shadows fall to the bottom right.
// ---------------------------------------------------------------------------------------------

const DW = 960;
const DH = 720;
const SHADOW_DX = 9;
const SHADOW_DY = 13;

interface Table {
  s: Svg;
  rng: Rng;
  look: DishLook;
  wood: boolean;
}

function tableTop(t: Table): string {
  const { s, rng } = t;
  const out: string[] = [];
  if (t.wood) {
    const base = pick(rng, ['#8a5a3b', '#9b6a45', '#6f4a33', '#a87a52', '#7b5238']);
    const planks = 5;
    const ph = DH / planks;
    for (let i = 0; i < planks; i++) {
      const c = mix(base, rng() < 0.5 ? light(base, 0.16) : dark(base, 0.16), rng());
      const y = i * ph;
      out.push(rect(0, y, DW, ph, `fill="${s.lin([[0, light(c, 0.06)], [0.5, c], [1, dark(c, 0.1)]])}"`));
      for (let j = 0; j < 7; j++) {
        const gy = y + range(rng, 0.1, 0.9) * ph;
        const amp = range(rng, 2, 9);
        const x0 = range(rng, -200, 300);
        out.push(
          path(
            `M${f(x0)} ${f(gy)}C${f(x0 + 200)} ${f(gy - amp)} ${f(x0 + 400)} ${f(gy + amp)} ${f(x0 + 650)} ${f(gy)}S${f(x0 + 1000)} ${f(gy - amp)} ${f(x0 + 1300)} ${f(gy + amp * 0.5)}`,
            `fill="none" stroke="${dark(c, 0.35)}" stroke-width="${f(range(rng, 1, 3))}" stroke-opacity="${f(range(rng, 0.15, 0.35))}"`,
          ),
        );
      }
      if (rng() < 0.35) {
        const kx = range(rng, 80, DW - 80);
        const ky = y + ph * range(rng, 0.3, 0.7);
        out.push(ellipse(kx, ky, 16, 6, `fill="${dark(c, 0.35)}" fill-opacity="0.5"`) + ellipse(kx, ky, 30, 11, `fill="none" stroke="${dark(c, 0.3)}" stroke-opacity="0.3" stroke-width="2"`));
      }
      const seam = range(rng, 100, DW - 100);
      out.push(line([seam, y], [seam, y + ph], `stroke="${dark(base, 0.5)}" stroke-width="2" stroke-opacity="0.5"`));
      out.push(rect(0, y - 2, DW, 4, `fill="${dark(base, 0.6)}" fill-opacity="0.8"`));
      out.push(rect(0, y + 2, DW, 2, `fill="${light(base, 0.3)}" fill-opacity="0.25"`));
    }
  } else {
    const base = pick(rng, ['#ece4d6', '#e4dccd', '#d9d2c5', '#dde0da', '#e9ddd0']);
    out.push(rect(0, 0, DW, DH, `fill="${base}"`));
    const weave = s.pattern(
      `weave${base}`,
      6,
      6,
      rect(0, 0, 6, 1.2, `fill="${dark(base, 0.3)}" fill-opacity="0.12"`) + rect(0, 0, 1.2, 6, `fill="${light(base, 0.6)}" fill-opacity="0.3"`) + rect(3, 3, 3, 1, `fill="${dark(base, 0.3)}" fill-opacity="0.08"`),
    );
    out.push(rect(0, 0, DW, DH, `fill="${weave}"`));
    // Soft folds in the cloth.
    const folds: Stop[] = [];
    for (let i = 0; i <= 6; i++) folds.push([i / 6, i % 2 ? dark(base, 0.25) : light(base, 0.5), i % 2 ? 0.12 : 0.18]);
    out.push(rect(0, 0, DW, DH, `fill="${s.lin(folds, 0, 0, 1, 0.6)}"`));
    if (rng() < 0.6) {
      const band = pick(rng, ['#8a3b2f', '#3b5a7a', '#6b7a4a']);
      const by = rng() < 0.5 ? range(rng, 30, 90) : range(rng, DH - 110, DH - 50);
      out.push(rect(0, by, DW, 5, `fill="${band}" fill-opacity="0.55"`) + rect(0, by + 11, DW, 2, `fill="${band}" fill-opacity="0.45"`));
    }
  }
  return out.join('');
}

/** A shadow cast by something resting on the table. */
function castShadow(el: (attrs: string) => string, opacity = 0.35, radius = 14, lift = 1): string {
  return soft(el, SHADOW, opacity, radius, `transform="translate(${f(SHADOW_DX * lift)} ${f(SHADOW_DY * lift)})"`);
}

type PlateStyle = 'white' | 'cream' | 'dark' | 'blue-rim' | 'green-rim';

function plate(t: Table, cx: number, cy: number, r: number, style: PlateStyle): string {
  const { s } = t;
  const body = style === 'dark' ? '#3b3632' : style === 'cream' ? '#efe5d2' : '#fbf8f2';
  const out: string[] = [castShadow((a) => circle(cx, cy, r, a), 0.4, 16)];
  out.push(circle(cx, cy, r, `fill="${s.rad([[0, light(body, 0.4)], [0.8, body], [1, dark(body, 0.12)]], 0.4, 0.38, 0.7)}"`));
  if (style === 'blue-rim' || style === 'green-rim') {
    const c = style === 'blue-rim' ? '#34557a' : '#5d7a4a';
    out.push(circle(cx, cy, r * 0.92, `fill="none" stroke="${c}" stroke-width="3" stroke-opacity="0.8"`));
    out.push(circle(cx, cy, r * 0.88, `fill="none" stroke="${c}" stroke-width="1.2" stroke-opacity="0.6"`));
  }
  // The well of the plate, and a highlight on the rim.
  out.push(circle(cx, cy, r * 0.74, `fill="${s.lin([[0, dark(body, 0.1)], [0.5, body], [1, light(body, 0.3)]], 0, 0, 1, 1)}"`));
  out.push(circle(cx, cy, r * 0.7, `fill="${s.rad([[0, light(body, 0.25)], [1, body]], 0.45, 0.42, 0.6)}"`));
  out.push(path(`M${f(cx - r * 0.93)} ${f(cy - r * 0.1)}A${f(r * 0.94)} ${f(r * 0.94)} 0 0 1 ${f(cx - r * 0.1)} ${f(cy - r * 0.93)}`, `fill="none" stroke="#ffffff" stroke-width="${f(r * 0.05)}" stroke-opacity="0.55" stroke-linecap="round"`));
  return out.join('');
}

/** A deep bowl; answers the radius of what is inside it. */
function bowl(t: Table, cx: number, cy: number, r: number, color: string): { out: string; inner: number } {
  const { s } = t;
  const out: string[] = [castShadow((a) => circle(cx, cy, r, a), 0.45, 18, 1.3)];
  out.push(circle(cx, cy, r, `fill="${s.rad([[0, light(color, 0.35)], [0.85, color], [1, dark(color, 0.18)]], 0.4, 0.38, 0.7)}"`));
  // The inner wall: in shadow on the lit side, lit on the far side.
  out.push(circle(cx, cy, r * 0.9, `fill="${s.lin([[0, dark(color, 0.22)], [0.55, color], [1, light(color, 0.4)]], 0, 0, 1, 1)}"`));
  out.push(path(`M${f(cx - r * 0.96)} ${f(cy - r * 0.05)}A${f(r * 0.96)} ${f(r * 0.96)} 0 0 1 ${f(cx - r * 0.05)} ${f(cy - r * 0.96)}`, `fill="none" stroke="#ffffff" stroke-width="${f(r * 0.035)}" stroke-opacity="0.6" stroke-linecap="round"`));
  return { out: out.join(''), inner: r * 0.8 };
}

/** Liquid filling a circle: a surface gradient and a soft reflection. */
function liquid(t: Table, cx: number, cy: number, r: number, color: string, clear = false): string {
  const { s } = t;
  const out: string[] = [];
  out.push(circle(cx, cy, r, `fill="${s.rad([[0, light(color, clear ? 0.35 : 0.18)], [0.7, color], [1, dark(color, 0.3)]], 0.55, 0.55, 0.65)}"`));
  out.push(circle(cx, cy, r, `fill="${s.lin([[0, SHADOW, 0.35], [0.3, SHADOW, 0], [1, SHADOW, 0]], 0, 0, 1, 1)}"`));
  out.push(ellipse(cx - r * 0.3, cy - r * 0.38, r * 0.35, r * 0.12, `fill="#ffffff" fill-opacity="${clear ? 0.35 : 0.2}" transform="rotate(-35 ${f(cx - r * 0.3)} ${f(cy - r * 0.38)})"`));
  return out.join('');
}

function leaf(cx: number, cy: number, len: number, angle: number, color: string, width = 0.42): string {
  const w = len * width;
  return g(
    `transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})"`,
    path(`M0 0C${f(len * 0.3)} ${f(-w)} ${f(len * 0.75)} ${f(-w * 0.8)} ${f(len)} 0C${f(len * 0.75)} ${f(w * 0.8)} ${f(len * 0.3)} ${f(w)} 0 0Z`, `fill="${color}"`) +
      line([len * 0.05, 0], [len * 0.85, 0], `stroke="${dark(color, 0.3)}" stroke-width="${f(Math.max(1, len * 0.04))}" stroke-opacity="0.6"`),
  );
}

/** A sprig of dill: a stem with feathery threads. */
function dill(rng: Rng, cx: number, cy: number, size: number, color: string, angle: number): string {
  const parts: string[] = [];
  const stem = `M0 0Q${f(size * 0.5)} ${f(-size * 0.12)} ${f(size)} 0`;
  parts.push(path(stem, `fill="none" stroke="${dark(color, 0.1)}" stroke-width="${f(Math.max(1.5, size * 0.04))}"`));
  for (let i = 0; i < 7; i++) {
    const x = size * (0.2 + i * 0.12);
    for (const side of [-1, 1]) {
      const a = side * range(rng, 30, 60) * (Math.PI / 180);
      const l = size * range(rng, 0.18, 0.32) * (1 - i * 0.07);
      const ex = x + Math.cos(a) * l;
      const ey = Math.sin(a) * l;
      parts.push(line([x, -size * 0.04], [ex, ey], `stroke="${color}" stroke-width="${f(Math.max(1.2, size * 0.025))}" stroke-linecap="round"`));
      parts.push(line([ex, ey], [ex + Math.cos(a * 0.5) * l * 0.4, ey + Math.sin(a * 1.4) * l * 0.4], `stroke="${light(color, 0.15)}" stroke-width="${f(Math.max(1, size * 0.02))}" stroke-linecap="round"`));
    }
  }
  return g(`transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})"`, parts.join(''));
}

function berry(t: Table, cx: number, cy: number, r: number, color: string): string {
  return circle(cx, cy, r, `fill="${t.s.solid(color, 0.25, 0.35)}"`) + circle(cx - r * 0.35, cy - r * 0.35, r * 0.22, `fill="#ffffff" fill-opacity="0.7"`);
}

/** A spoonful of sour cream or cream, with a swirl. */
function dollop(t: Table, cx: number, cy: number, r: number, color: string): string {
  const { s, rng } = t;
  const d = blob(rng, cx, cy, r, r * 0.92, 0.14, 8);
  const swirl: string[] = [];
  for (let i = 0; i <= 18; i++) {
    const a = i * 0.6;
    const rr = r * (0.75 - i * 0.036);
    swirl.push(`${i ? 'L' : 'M'}${f(cx + Math.cos(a) * rr)} ${f(cy + Math.sin(a) * rr)}`);
  }
  return (
    castShadow((a) => path(d, a), 0.25, 5, 0.35) +
    path(d, `fill="${s.solid(color, 0.35, 0.12)}"`) +
    path(swirl.join(''), `fill="none" stroke="${dark(color, 0.18)}" stroke-width="${f(r * 0.1)}" stroke-opacity="0.35" stroke-linecap="round"`) +
    ellipse(cx - r * 0.35, cy - r * 0.35, r * 0.25, r * 0.14, `fill="#ffffff" fill-opacity="0.7" transform="rotate(-35 ${f(cx - r * 0.35)} ${f(cy - r * 0.35)})"`)
  );
}

/** Garnish scattered over an area, drawn according to what its colour is. */
function garnish(t: Table, cx: number, cy: number, spread: number, color: string, count = 6): string {
  const { rng } = t;
  const out: string[] = [];
  const kind = garnishKind(color);
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2;
    const d = spread * Math.sqrt(rng());
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    switch (kind) {
      case 'herb':
        if (i % 3 === 0) out.push(dill(rng, x, y, range(rng, 34, 52), color, rng() * 360));
        else out.push(leaf(x, y, range(rng, 16, 26), rng() * 360, pick(rng, [color, light(color, 0.15), dark(color, 0.12)])));
        break;
      case 'berry':
      case 'flower':
        if (kind === 'flower') {
          for (let p = 0; p < 5; p++) out.push(ellipse(x + Math.cos(p * 1.257) * 6, y + Math.sin(p * 1.257) * 6, 6, 3.6, `fill="${light(color, 0.1)}" transform="rotate(${f(p * 72)} ${f(x + Math.cos(p * 1.257) * 6)} ${f(y + Math.sin(p * 1.257) * 6)})"`));
          out.push(circle(x, y, 2.6, `fill="#f3d36b"`));
        } else out.push(berry(t, x, y, range(rng, 7, 10), color));
        break;
      case 'spice':
        if (i % 2) out.push(star(x, y, 20, mix(color, '#8a4a2a', 0.4), rng() * 60));
        else out.push(rect(x - 36, y - 7, 72, 14, `rx="7" fill="${t.s.lin([[0, light(color, 0.25)], [1, dark(color, 0.2)]])}" transform="rotate(${f(rng() * 180)} ${f(x)} ${f(y)})"`));
        break;
      case 'golden':
        out.push(path(blob(rng, x, y, range(rng, 9, 14), range(rng, 7, 11), 0.25, 7, rng() * 180), `fill="${t.s.solid(color, 0.2, 0.3)}"`));
        break;
      case 'pale':
        out.push(path(blob(rng, x, y, range(rng, 6, 10), range(rng, 5, 8), 0.3, 7), `fill="${t.s.solid(color, 0.1, 0.15)}"`));
        break;
    }
  }
  return out.join('');
}

/** Star anise. */
function star(cx: number, cy: number, r: number, color: string, rot: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 8; i++) parts.push(ellipse(r * 0.55, 0, r * 0.5, r * 0.22, `fill="${i % 2 ? color : light(color, 0.12)}" transform="rotate(${i * 45})"`));
  parts.push(circle(0, 0, r * 0.18, `fill="${dark(color, 0.3)}"`));
  return g(`transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rot)})"`, parts.join(''));
}

function fork(x: number, y: number, angle: number, scale = 1): string {
  let d = 'M-6 150Q-10 150-10 140L-6 10Q-17 -5-17 -40L-17 -148';
  for (let i = 0; i < 4; i++) {
    const a = -17 + i * 9.25;
    const b = a + 6.25;
    d += `Q${f(a + 3.1)} -156 ${f(b)} -148`;
    if (i < 3) d += `L${f(b)} -92Q${f(b + 1.5)} -88 ${f(b + 3)} -92L${f(b + 3)} -148`;
  }
  d += 'L17 -40Q17 -5 6 10L10 140Q10 150 6 150Z';
  return cutlery(d, x, y, angle, scale);
}
function knife(x: number, y: number, angle: number, scale = 1): string {
  return cutlery('M-7 150Q-11 150-11 140L-10 20L-8 4L-9 -120Q-9 -150 4 -156Q10 -154 10 -140L9 4L11 20L11 140Q11 150 7 150Z', x, y, angle, scale);
}
function spoon(x: number, y: number, angle: number, scale = 1): string {
  return cutlery('M-6 150Q-10 150-10 140L-5 -40Q-24 -52-24 -96Q-24 -142 0 -142Q24 -142 24 -96Q24 -52 5 -40L10 140Q10 150 6 150Z', x, y, angle, scale);
}
const METAL = '<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f4f5f3"/><stop offset="0.45" stop-color="#b9bdbd"/><stop offset="0.6" stop-color="#e9ebe8"/><stop offset="1" stop-color="#8f9494"/></linearGradient>';
function cutlery(d: string, x: number, y: number, angle: number, scale: number): string {
  const tr = `translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${scale})`;
  return (
    soft((a) => path(d, a), SHADOW, 0.35, 5, `transform="translate(5 7) ${tr}"`) +
    path(d, `fill="url(#metal)" stroke="#7d8282" stroke-width="0.8" stroke-opacity="0.6" transform="${tr}"`)
  );
}

function napkin(t: Table, x: number, y: number, w: number, h: number, angle: number): string {
  const { s, rng } = t;
  const col = pick(rng, ['#c9d3cc', '#d8c8b2', '#c5cdd6', '#dcc6bc', '#e6dccb']);
  const stripe = pick(rng, ['#8a3b2f', '#3b5a7a', '#6b7a4a', '#b0813a']);
  const tr = `rotate(${f(angle)} ${f(x + w / 2)} ${f(y + h / 2)})`;
  const weave = s.pattern(`napkin${col}`, 5, 5, rect(0, 0, 5, 1, `fill="${dark(col, 0.4)}" fill-opacity="0.12"`) + rect(0, 0, 1, 5, `fill="#ffffff" fill-opacity="0.2"`));
  const fold = x + w * 0.5;
  return (
    soft((a) => rect(x, y, w, h, `rx="8" ${a}`), SHADOW, 0.3, 8, `transform="translate(6 9) ${tr}"`) +
    g(
      `transform="${tr}"`,
      rect(x, y, w, h, `rx="8" fill="${col}"`) +
        rect(x, y, w, h, `rx="8" fill="${weave}"`) +
        // The folded-over half is a touch lighter; the crease casts a soft line.
        rect(fold, y, w * 0.5, h, `rx="8" fill="${s.lin([[0, '#ffffff', 0.28], [1, '#ffffff', 0.05]], 0, 0, 1, 0)}"`) +
        rect(x, y, w * 0.5, h, `fill="${s.lin([[0, SHADOW, 0], [0.85, SHADOW, 0.04], [1, SHADOW, 0.16]], 0, 0, 1, 0)}"`) +
        rect(x + 14, y, 7, h, `fill="${stripe}" fill-opacity="0.7"`) +
        rect(x + 27, y, 3, h, `fill="${stripe}" fill-opacity="0.55"`) +
        rect(x, y, w, h, `rx="8" fill="none" stroke="${dark(col, 0.15)}" stroke-width="2" stroke-opacity="0.5"`),
    )
  );
}

function breadSlice(t: Table, cx: number, cy: number, w: number, angle: number, crumb = '#8a5a3a', crust = '#4a2c1a'): string {
  const { s } = t;
  const h = w * 0.8;
  const d = `M${f(-w / 2)} ${f(h / 2)}V${f(-h * 0.1)}C${f(-w / 2)} ${f(-h * 0.75)} ${f(w / 2)} ${f(-h * 0.75)} ${f(w / 2)} ${f(-h * 0.1)}V${f(h / 2)}Z`;
  const tr = `translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})`;
  const seeds: string[] = [];
  for (let i = 0; i < 9; i++) seeds.push(ellipse(((i * 37) % 100) / 100 * w * 0.7 - w * 0.35, ((i * 53) % 100) / 100 * h * 0.6 - h * 0.25, 2.4, 1.2, `fill="${light(crumb, 0.3)}" fill-opacity="0.7"`));
  return (
    soft((a) => path(d, a), SHADOW, 0.3, 6, `transform="translate(5 7) ${tr}"`) +
    g(`transform="${tr}"`, path(d, `fill="${s.solid(crumb, 0.15, 0.2)}" stroke="${crust}" stroke-width="${f(w * 0.07)}" stroke-linejoin="round"`) + seeds.join(''))
  );
}

function lemonWheel(t: Table, cx: number, cy: number, r: number, color: string): string {
  const out: string[] = [circle(cx, cy, r, `fill="${dark(color, 0.05)}"`), circle(cx, cy, r * 0.88, `fill="${light(color, 0.55)}"`), circle(cx, cy, r * 0.8, `fill="${t.s.solid(color, 0.25, 0.08)}"`)];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    out.push(line([cx, cy], [cx + Math.cos(a) * r * 0.8, cy + Math.sin(a) * r * 0.8], `stroke="${light(color, 0.6)}" stroke-width="${f(r * 0.06)}"`));
  }
  out.push(circle(cx, cy, r * 0.1, `fill="${light(color, 0.6)}"`));
  return out.join('');
}

/** Little fried pieces: crackling, croutons, toasted bits. */
function crumbs(t: Table, cx: number, cy: number, spread: number, color: string, count: number, size = 8): string {
  const { rng, s } = t;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2;
    const d = spread * Math.sqrt(rng());
    out.push(rect(cx + Math.cos(a) * d - size / 2, cy + Math.sin(a) * d - size / 2, size * range(rng, 0.8, 1.3), size * range(rng, 0.7, 1.1), `rx="${f(size * 0.25)}" fill="${s.solid(color, 0.25, 0.25)}" transform="rotate(${f(rng() * 90)} ${f(cx + Math.cos(a) * d)} ${f(cy + Math.sin(a) * d)})"`));
  }
  return out.join('');
}

// ----- the dishes themselves -----

function drawSoup(t: Table, cx: number, cy: number): string {
  const { look, rng } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [plate(t, cx, cy, 250, pick(rng, ['white', 'cream', 'blue-rim'])) ];
  const b = bowl(t, cx, cy, 200, pick(rng, ['#f7f3ea', '#e9dfcc', '#f2ede4']));
  out.push(b.out);
  out.push(liquid(t, cx, cy, b.inner, c0));
  const creamy = luma(c1) > 0.88;
  if (creamy) {
    out.push(dollop(t, cx + 12, cy + 6, 46, c1));
    out.push(garnish(t, cx + 10, cy + 4, 60, c2, 5));
    // Beads of fat on the broth.
    for (let i = 0; i < 14; i++) {
      const a = rng() * Math.PI * 2;
      const d = range(rng, 70, b.inner - 18);
      out.push(ellipse(cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 3, 8), range(rng, 2, 5), `fill="${light(c0, 0.5)}" fill-opacity="0.45"`));
    }
  } else {
    for (let i = 0; i < 16; i++) {
      const a = rng() * Math.PI * 2;
      const d = range(rng, 0, b.inner - 30);
      const x = cx + Math.cos(a) * d;
      const y = cy + Math.sin(a) * d;
      if (i % 2) out.push(path(`M${f(x - 22)} ${f(y)}q11 ${f(range(rng, -10, 10))} 22 0t22 0`, `fill="none" stroke="${c1}" stroke-width="8" stroke-linecap="round"`));
      else out.push(path(blob(rng, x, y, range(rng, 12, 18), range(rng, 9, 14), 0.2, 7), `fill="${t.s.solid(c1, 0.25, 0.2)}"`));
    }
    for (let i = 0; i < 7; i++) {
      const a = rng() * Math.PI * 2;
      const d = range(rng, 10, b.inner - 30);
      const x = cx + Math.cos(a) * d;
      const y = cy + Math.sin(a) * d;
      out.push(circle(x, y, 12, `fill="${c2}"`) + circle(x, y, 8, `fill="${light(c2, 0.35)}"`));
    }
    out.push(garnish(t, cx, cy, 70, garnishKind(c2) === 'herb' ? c2 : '#5f8f3f', 4));
  }
  out.push(spoon(cx + 300, cy + 40, 12, 1.1));
  return out.join('');
}

function drawBreadBowl(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [];
  // A round board under the loaf.
  out.push(castShadow((a) => circle(cx, cy, 270, a), 0.4, 16));
  out.push(circle(cx, cy, 270, `fill="${s.rad([[0, '#c99a66'], [1, '#9a6c42']], 0.4, 0.4, 0.7)}"`));
  for (let i = 0; i < 4; i++) out.push(circle(cx, cy, 60 + i * 55, `fill="none" stroke="#7a5232" stroke-width="1.5" stroke-opacity="0.25"`));
  const crust = '#9c5a2a';
  const loaf = blob(rng, cx, cy, 215, 208, 0.04, 12);
  out.push(castShadow((a) => path(loaf, a), 0.45, 14, 1.2));
  out.push(path(loaf, `fill="${s.solid(crust, 0.35, 0.3)}"`));
  for (let i = 0; i < 30; i++) {
    const a = rng() * Math.PI * 2;
    const d = range(rng, 170, 205);
    out.push(circle(cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 3, 7), `fill="#f5ead8" fill-opacity="0.55"`));
  }
  out.push(circle(cx, cy, 160, `fill="${light(c1, 0.55)}"`));
  out.push(liquid(t, cx, cy, 145, c0));
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + rng();
    const x = cx + Math.cos(a) * 80;
    const y = cy + Math.sin(a) * 80;
    out.push(circle(x, y, 20, `fill="${s.solid('#b8604a', 0.2, 0.25)}"`) + circle(x - 4, y - 3, 4, `fill="#f1d0bd" fill-opacity="0.8"`));
  }
  for (const [dx, dy] of [[-30, -20], [35, 25]] as const) {
    out.push(ellipse(cx + dx, cy + dy, 30, 22, `fill="#fbf7ee"`) + circle(cx + dx + 3, cy + dy, 13, `fill="${s.solid(c2, 0.25, 0.15)}"`));
  }
  out.push(garnish(t, cx, cy, 100, '#5f8f3f', 5));
  out.push(spoon(cx + 320, cy + 60, 18, 1.05));
  return out.join('');
}

function fritters(t: Table, cx: number, cy: number, color: string, n: number, r: number, spread: number, lacy: boolean): string {
  const { rng, s } = t;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + 0.6;
    const x = cx + Math.cos(a) * spread;
    const y = cy + Math.sin(a) * spread;
    const d = blob(rng, x, y, r, r * 0.92, lacy ? 0.08 : 0.04, lacy ? 14 : 10);
    out.push(castShadow((att) => path(d, att), 0.35, 8, 0.5));
    out.push(path(d, `fill="${s.rad([[0, light(color, 0.25)], [0.5, color], [0.85, dark(color, 0.2)], [1, dark(color, 0.45)]], 0.45, 0.42, 0.6)}" stroke="${dark(color, 0.35)}" stroke-width="${lacy ? 3 : 2}" stroke-opacity="0.6"`));
    const specks = lacy ? 14 : 6;
    for (let j = 0; j < specks; j++) {
      const aa = rng() * Math.PI * 2;
      const dd = r * 0.75 * Math.sqrt(rng());
      out.push(ellipse(x + Math.cos(aa) * dd, y + Math.sin(aa) * dd, range(rng, 2, lacy ? 7 : 4), range(rng, 1.5, 3.5), `fill="${dark(color, 0.45)}" fill-opacity="0.45"`));
    }
  }
  return out.join('');
}

function drawPancakes(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const plateSvg = plate(t, cx, cy, 250, pick(rng, ['white', 'cream', 'dark', 'green-rim']));
  const out: string[] = [];
  out.push(fritters(t, cx - 10, cy, c0, 3, 82, 72, true));
  if (luma(c1) > 0.85) out.push(dollop(t, cx + 20, cy - 10, 40, c1));
  else {
    // Slices of cured salmon, folded into roses.
    for (let i = 0; i < 3; i++) {
      const a = (i / 3) * Math.PI * 2 + 0.6;
      const x = cx - 10 + Math.cos(a) * 72;
      const y = cy + Math.sin(a) * 72;
      const rose = blob(rng, x, y, 34, 26, 0.15, 8, rng() * 180);
      out.push(path(rose, `fill="${s.solid(c1, 0.2, 0.2)}"`));
      out.push(path(`M${f(x - 20)} ${f(y - 4)}q20 -14 40 2M${f(x - 16)} ${f(y + 8)}q16 -10 32 0`, `fill="none" stroke="#fff3e8" stroke-width="3" stroke-opacity="0.7" stroke-linecap="round"`));
      out.push(dollop(t, x + 18, y - 16, 12, '#f7f2e8'));
    }
  }
  out.push(garnish(t, cx, cy, 110, c2, 6));
  return plateSvg + larger(cx, cy, 1.15, out.join('')) + fork(cx + 320, cy, 8) + knife(cx + 370, cy + 10, 4);
}

function drawSyrniki(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [plate(t, cx, cy, 250, pick(rng, ['white', 'blue-rim', 'cream']))];
  const spots: Pt[] = [[-75, -50], [40, -75], [75, 35], [-40, 70]];
  for (const [dx, dy] of spots) {
    const x = cx + dx;
    const y = cy + dy;
    const d = blob(rng, x, y, 60, 58, 0.04, 10);
    out.push(castShadow((a) => path(d, a), 0.4, 8, 0.6));
    out.push(path(d, `fill="${light(c0, 0.45)}"`));
    out.push(path(blob(rng, x - 3, y - 3, 52, 50, 0.05, 10), `fill="${s.rad([[0, light(c0, 0.1)], [0.6, c0], [1, dark(c0, 0.35)]], 0.45, 0.42, 0.55)}"`));
  }
  // Powdered sugar.
  for (let i = 0; i < 60; i++) {
    const a = rng() * Math.PI * 2;
    const d = 150 * Math.sqrt(rng());
    out.push(circle(cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 0.8, 2), `fill="#ffffff" fill-opacity="0.8"`));
  }
  // Jam and sour cream in little dishes on the side.
  out.push(bowl(t, cx + 300, cy - 150, 62, '#f6f1e8').out + liquid(t, cx + 300, cy - 150, 48, c2, true));
  for (let i = 0; i < 3; i++) out.push(berry(t, cx + 290 + i * 12, cy - 155 + (i % 2) * 14, 11, dark(c2, 0.15)));
  out.push(bowl(t, cx + 310, cy + 140, 62, '#f6f1e8').out + dollop(t, cx + 310, cy + 140, 44, c1));
  out.push(leaf(cx - 10, cy - 10, 30, -30, '#5f9a3a') + leaf(cx - 8, cy - 8, 26, 40, '#6aa84f'));
  return out.join('');
}

function drawDumplings(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [plate(t, cx, cy, 250, pick(rng, ['white', 'dark', 'cream']))];
  out.push(path(blob(rng, cx, cy, 165, 150, 0.08, 10), `fill="${s.rad([[0, light(c1, 0.3)], [1, dark(c1, 0.08)]])}"`));
  const n = 6;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + 0.3;
    const x = cx + Math.cos(a) * 90;
    const y = cy + Math.sin(a) * 90;
    const d = blob(rng, x, y, 52, 38, 0.05, 10, (a * 180) / Math.PI + 90);
    out.push(castShadow((att) => path(d, att), 0.3, 6, 0.45));
    out.push(path(d, `fill="${s.solid(c0, 0.3, 0.22)}"`));
  }
  out.push(dollop(t, cx, cy, 40, light(c1, 0.3)));
  out.push(crumbs(t, cx, cy, 150, c2, 14, 10));
  out.push(garnish(t, cx, cy, 150, '#5f9a3a', 6));
  out.push(fork(cx + 320, cy, 8) + knife(cx + 370, cy + 10, 4));
  return out.join('');
}

function drawCasserole(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [];
  // A cast-iron pan with two ears, on a wooden trivet.
  out.push(castShadow((a) => circle(cx, cy, 240, a), 0.5, 18, 1.3));
  const iron = '#2e2a27';
  for (const dx of [-1, 1]) out.push(ellipse(cx + dx * 250, cy, 40, 28, `fill="${s.solid(iron, 0.2, 0.3)}"`));
  out.push(circle(cx, cy, 240, `fill="${s.rad([[0, '#55504b'], [1, iron]], 0.4, 0.4, 0.7)}"`));
  out.push(circle(cx, cy, 214, `fill="${dark(iron, 0.2)}"`));
  out.push(circle(cx, cy, 205, `fill="${s.rad([[0, light(c0, 0.2)], [0.6, c0], [0.9, dark(c0, 0.3)], [1, dark(c0, 0.55)]], 0.45, 0.42, 0.55)}"`));
  for (let i = 0; i < 40; i++) {
    const a = rng() * Math.PI * 2;
    const d = 190 * Math.sqrt(rng());
    out.push(path(blob(rng, cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 5, 16), range(rng, 4, 10), 0.3, 6), `fill="${dark(c0, 0.35)}" fill-opacity="0.45"`));
  }
  out.push(dollop(t, cx + 30, cy - 20, 48, c1));
  out.push(garnish(t, cx + 20, cy - 10, 90, c2, 7));
  out.push(crumbs(t, cx - 60, cy + 60, 60, '#a0522d', 6, 10));
  out.push(spoon(cx + 330, cy + 30, 10, 1.05));
  return out.join('');
}

function drawStew(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const bx = cx - 70;
  const out: string[] = [];
  const b = bowl(t, bx, cy, 210, pick(rng, ['#3b3632', '#7a4a2e', '#efe5d2']));
  out.push(b.out + liquid(t, bx, cy, b.inner, c0));
  for (let i = 0; i < 9; i++) {
    const a = rng() * Math.PI * 2;
    const d = range(rng, 0, b.inner - 40);
    const x = bx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    if (i % 3 === 0) out.push(circle(x, y, 20, `fill="${s.solid('#a0553a', 0.2, 0.25)}"`) + circle(x - 5, y - 4, 5, `fill="#e8b8a0" fill-opacity="0.7"`));
    else out.push(path(blob(rng, x, y, range(rng, 20, 30), range(rng, 16, 22), 0.2, 7), `fill="${s.solid(c1, 0.2, 0.25)}"`));
  }
  out.push(garnish(t, bx, cy, 100, '#4f8a3c', 5));
  // Pancakes for dipping, folded in quarters on a side plate.
  const px = cx + 300;
  const py = cy + 150;
  out.push(plate(t, px, py, 130, 'cream'));
  for (let i = 0; i < 2; i++) {
    const tr = `rotate(${-20 + i * 35} ${px} ${py})`;
    const d = `M${px - 30 + i * 14} ${py - 60 + i * 10}L${px + 70} ${py - 40 + i * 10}A100 100 0 0 1 ${px - 10 + i * 10} ${py + 70}Z`;
    out.push(soft((a) => path(d, a), SHADOW, 0.3, 5, `transform="translate(4 6) ${tr}"`));
    out.push(path(d, `fill="${s.solid(c2, 0.3, 0.2)}" transform="${tr}"`));
  }
  out.push(spoon(bx + 250, cy - 170, -30, 1));
  return out.join('');
}

type MeatShape = 'steak' | 'cutlets' | 'leg' | 'rolls' | 'knuckle' | 'medallions';
function meatShape(slug: string, rng: Rng): MeatShape {
  if (slug.includes('cutlet')) return 'cutlets';
  if (slug.includes('duck') || slug.includes('leg')) return 'leg';
  if (slug.includes('knuckle')) return 'knuckle';
  if (slug.includes('zrazy') || slug.includes('roll')) return 'rolls';
  if (slug.includes('cheek')) return 'medallions';
  return pick(rng, ['steak', 'medallions'] as const);
}

function searMarks(t: Table, d: string, color: string, angle: number): string {
  const clip = t.s.clip(path(d, ''));
  const lines: string[] = [];
  for (let i = -6; i <= 6; i++) lines.push(line([i * 34 - 400, -400], [i * 34 + 400, 400], ''));
  return g(`clip-path="${clip}"`, g(`transform="rotate(${f(angle)} ${DW / 2} ${DH / 2})" stroke="${dark(color, 0.5)}" stroke-width="9" stroke-opacity="0.45"`, lines.join('')));
}

function drawMeat(t: Table, cx: number, cy: number, slug: string): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const plateSvg = plate(t, cx, cy, 250, pick(rng, ['white', 'cream', 'dark']));
  const out: string[] = [];
  // The side first: purée swooshed across the plate.
  const sx = cx - 40;
  const sy = cy + 70;
  out.push(path(`M${sx - 120} ${sy + 20}C${sx - 60} ${sy - 60} ${sx + 60} ${sy - 40} ${sx + 130} ${sy - 90}`, `fill="none" stroke="${dark(c1, 0.1)}" stroke-width="62" stroke-linecap="round"`));
  out.push(path(`M${sx - 120} ${sy + 20}C${sx - 60} ${sy - 60} ${sx + 60} ${sy - 40} ${sx + 130} ${sy - 90}`, `fill="none" stroke="${c1}" stroke-width="54" stroke-linecap="round"`));
  out.push(path(`M${sx - 110} ${sy + 6}C${sx - 60} ${sy - 56} ${sx + 60} ${sy - 44} ${sx + 120} ${sy - 96}`, `fill="none" stroke="${light(c1, 0.45)}" stroke-width="12" stroke-opacity="0.7" stroke-linecap="round"`));
  const shape = meatShape(slug, rng);
  const meat = (d: string, angle = 30) => {
    out.push(castShadow((a) => path(d, a), 0.45, 9, 0.7));
    out.push(path(d, `fill="${s.solid(c0, 0.22, 0.35)}"`));
    if (shape === 'steak' || shape === 'knuckle') out.push(searMarks(t, d, c0, angle));
    out.push(path(d, `fill="none" stroke="${dark(c0, 0.4)}" stroke-width="3" stroke-opacity="0.5"`));
  };
  switch (shape) {
    case 'steak':
      meat(blob(rng, cx + 30, cy - 35, 105, 78, 0.06, 10, -15));
      break;
    case 'medallions':
      for (const [dx, dy] of [[-20, -50], [75, -10]] as const) meat(blob(rng, cx + dx, cy + dy, 62, 56, 0.06, 9));
      out.push(path(blob(rng, cx + 30, cy - 30, 150, 110, 0.1, 9), `fill="${dark(c0, 0.2)}" fill-opacity="0.35"`));
      break;
    case 'cutlets':
      for (const [dx, dy, a] of [[-30, -40, -20], [70, 10, 15]] as const) {
        const d = blob(rng, cx + dx, cy + dy, 78, 50, 0.05, 10, a);
        meat(d);
        for (let i = 0; i < 16; i++) out.push(circle(cx + dx + range(rng, -60, 60), cy + dy + range(rng, -30, 30), range(rng, 1.5, 3), `fill="${light(c0, 0.35)}" fill-opacity="0.6"`));
      }
      out.push(dollop(t, cx + 10, cy - 20, 22, '#f3e3a0'));
      break;
    case 'leg': {
      const d = `M${cx - 80} ${cy - 10}C${cx - 120} ${cy - 110} ${cx + 40} ${cy - 140} ${cx + 70} ${cy - 60}C${cx + 90} ${cy - 20} ${cx + 60} ${cy + 30} ${cx + 10} ${cy + 30}C${cx - 30} ${cy + 40} ${cx - 60} ${cy + 30} ${cx - 80} ${cy - 10}Z`;
      out.push(line([cx + 40, cy - 20], [cx + 150, cy + 40], `stroke="#efe4cf" stroke-width="20" stroke-linecap="round"`));
      out.push(circle(cx + 155, cy + 44, 15, `fill="#f3ead8"`));
      meat(d);
      out.push(path(d, `fill="${s.lin([[0, '#ffffff', 0.18], [0.4, '#ffffff', 0], [1, SHADOW, 0.15]], 0, 0, 1, 1)}"`));
      break;
    }
    case 'knuckle': {
      out.push(line([cx + 60, cy - 60], [cx + 170, cy - 130], `stroke="#efe4cf" stroke-width="26" stroke-linecap="round"`));
      out.push(circle(cx + 175, cy - 135, 20, `fill="#f3ead8"`));
      meat(blob(rng, cx, cy - 10, 130, 110, 0.06, 11), 60);
      break;
    }
    case 'rolls':
      for (const [dx, dy] of [[-50, -40], [50, -60], [20, 30]] as const) {
        const d = blob(rng, cx + dx, cy + dy, 70, 38, 0.05, 10, 25);
        meat(d);
        out.push(path(`M${cx + dx - 40} ${cy + dy - 30}l20 60M${cx + dx} ${cy + dy - 36}l20 62`, `fill="none" stroke="#f2e6d0" stroke-width="4" stroke-opacity="0.8"`));
      }
      break;
  }
  // Sauce, then the garnish.
  for (let i = 0; i < 8; i++) out.push(circle(cx + range(rng, -170, 170), cy + range(rng, 100, 160) * (rng() < 0.5 ? -1 : 1), range(rng, 4, 9), `fill="${s.solid(dark(c0, 0.2), 0.3, 0.2)}"`));
  out.push(garnish(t, cx + 60, cy + 60, 90, c2, 7));
  if (garnishKind(c2) !== 'herb') out.push(garnish(t, cx - 60, cy - 90, 50, '#5f9a3a', 3));
  return plateSvg + larger(cx, cy, 1.15, out.join('')) + fork(cx - 330, cy + 10, -4) + knife(cx + 330, cy, 4);
}

function drawFish(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const dark0 = luma(c0) > 0.8;
  const plateSvg = plate(t, cx, cy, 250, dark0 ? pick(rng, ['dark', 'blue-rim']) : pick(rng, ['white', 'cream']));
  const out: string[] = [];
  // Sides: potatoes and a lemon wedge.
  for (const [dx, dy] of [[-110, 90], [-40, 135], [40, 120]] as const) {
    const d = blob(rng, cx + dx, cy + dy, 34, 28, 0.1, 8, rng() * 180);
    out.push(castShadow((a) => path(d, a), 0.3, 5, 0.4));
    out.push(path(d, `fill="${s.solid(c1, 0.3, 0.25)}"`));
  }
  const garnishCol = c2;
  if (garnishKind(garnishCol) === 'herb') {
    for (let i = 0; i < 4; i++) {
      const y = cy - 130 + i * 16;
      out.push(line([cx - 150, y], [cx + 40, y - 30], `stroke="${dark(garnishCol, 0.15)}" stroke-width="14" stroke-linecap="round"`));
      out.push(line([cx - 146, y - 3], [cx + 36, y - 33], `stroke="${light(garnishCol, 0.25)}" stroke-width="5" stroke-linecap="round"`));
    }
  }
  const fillet = `M${cx - 120} ${cy - 10}C${cx - 80} ${cy - 80} ${cx + 100} ${cy - 90} ${cx + 150} ${cy - 30}C${cx + 170} ${cy - 5} ${cx + 150} ${cy + 40} ${cx + 110} ${cy + 50}C${cx + 30} ${cy + 70} ${cx - 90} ${cy + 50} ${cx - 120} ${cy - 10}Z`;
  out.push(castShadow((a) => path(fillet, a), 0.4, 9, 0.7));
  out.push(path(fillet, `fill="${s.solid(c0, 0.25, 0.2)}"`));
  // The seared skin along the top edge, and the flakes of the flesh.
  out.push(path(`M${cx - 118} ${cy - 14}C${cx - 80} ${cy - 80} ${cx + 100} ${cy - 90} ${cx + 148} ${cy - 32}C${cx + 90} ${cy - 60} ${cx - 60} ${cy - 50} ${cx - 118} ${cy - 14}Z`, `fill="${s.solid(c1, 0.15, 0.3)}"`));
  for (let i = 0; i < 6; i++) {
    const x = cx - 70 + i * 40;
    out.push(path(`M${x} ${cy - 40}q18 40 0 80`, `fill="none" stroke="${dark(c0, 0.18)}" stroke-width="3" stroke-opacity="0.45"`));
  }
  const lx = cx + 130;
  const ly = cy + 110;
  out.push(path(`M${lx - 40} ${ly}A45 45 0 0 1 ${lx + 40} ${ly}Z`, `fill="${s.solid('#f2d24a', 0.3, 0.2)}" transform="rotate(-25 ${lx} ${ly})"`));
  out.push(garnish(t, cx + 20, cy - 10, 70, garnishKind(c2) === 'herb' ? c2 : '#5d8f3a', 4));
  return plateSvg + larger(cx, cy, 1.18, out.join('')) + fork(cx - 330, cy + 10, -4) + knife(cx + 330, cy, 4);
}

function drawSalad(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const plateSvg = plate(t, cx, cy, 250, pick(rng, ['white', 'cream', 'dark', 'blue-rim']));
  const out: string[] = [];
  // Leaves first, then chunks, then crumbled cheese or cream, then walnuts.
  for (let i = 0; i < 26; i++) {
    const a = rng() * Math.PI * 2;
    const d = 140 * Math.sqrt(rng());
    out.push(leaf(cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 40, 70), rng() * 360, pick(rng, [c2, light(c2, 0.15), dark(c2, 0.15)]), 0.3));
  }
  for (let i = 0; i < 14; i++) {
    const a = rng() * Math.PI * 2;
    const d = 120 * Math.sqrt(rng());
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    const dd = blob(rng, x, y, range(rng, 18, 26), range(rng, 14, 20), 0.2, 6, rng() * 180);
    out.push(castShadow((at) => path(dd, at), 0.3, 4, 0.35));
    out.push(path(dd, `fill="${s.solid(c0, 0.25, 0.3)}"`));
  }
  for (let i = 0; i < 12; i++) {
    const a = rng() * Math.PI * 2;
    const d = 120 * Math.sqrt(rng());
    out.push(path(blob(rng, cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 9, 15), range(rng, 8, 12), 0.3, 7), `fill="${s.solid(c1, 0.2, 0.12)}"`));
  }
  for (let i = 0; i < 5; i++) out.push(path(blob(rng, cx + range(rng, -100, 100), cy + range(rng, -100, 100), 12, 9, 0.35, 8), `fill="${s.solid('#a8743f', 0.2, 0.3)}"`));
  for (let i = 0; i < 10; i++) out.push(circle(cx + range(rng, -120, 120), cy + range(rng, -120, 120), range(rng, 2, 4), `fill="#e0b04a" fill-opacity="0.7"`));
  return plateSvg + larger(cx, cy, 1.2, out.join('')) + fork(cx + 320, cy, 8);
}

function drawBoard(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [];
  const angle = range(rng, -8, 8);
  const bw = 620;
  const bh = 400;
  const boardCol = t.wood ? '#c99a62' : '#a8754a';
  const d = `M${cx - bw / 2 + 20} ${cy - bh / 2}H${cx + bw / 2 - 20}Q${cx + bw / 2} ${cy - bh / 2} ${cx + bw / 2} ${cy - bh / 2 + 20}V${cy - 40}H${cx + bw / 2 + 70}Q${cx + bw / 2 + 95} ${cy - 40} ${cx + bw / 2 + 95} ${cy}Q${cx + bw / 2 + 95} ${cy + 40} ${cx + bw / 2 + 70} ${cy + 40}H${cx + bw / 2}V${cy + bh / 2 - 20}Q${cx + bw / 2} ${cy + bh / 2} ${cx + bw / 2 - 20} ${cy + bh / 2}H${cx - bw / 2 + 20}Q${cx - bw / 2} ${cy + bh / 2} ${cx - bw / 2} ${cy + bh / 2 - 20}V${cy - bh / 2 + 20}Q${cx - bw / 2} ${cy - bh / 2} ${cx - bw / 2 + 20} ${cy - bh / 2}Z`;
  const tr = `rotate(${f(angle)} ${cx} ${cy})`;
  out.push(soft((a) => path(d, a), SHADOW, 0.45, 14, `transform="translate(10 14) ${tr}"`));
  const grain: string[] = [];
  for (let i = 0; i < 14; i++) {
    const y = cy - bh / 2 + 14 + i * ((bh - 28) / 13);
    grain.push(path(`M${cx - bw / 2 + 10} ${f(y)}C${cx - 100} ${f(y + range(rng, -8, 8))} ${cx + 100} ${f(y + range(rng, -8, 8))} ${cx + bw / 2 - 10} ${f(y)}`, `fill="none" stroke="${dark(boardCol, 0.3)}" stroke-width="1.5" stroke-opacity="0.3"`));
  }
  out.push(g(`transform="${tr}"`, path(d, `fill="${s.lin([[0, light(boardCol, 0.15)], [1, dark(boardCol, 0.12)]], 0, 0, 1, 1)}"`) + grain.join('') + circle(cx + bw / 2 + 60, cy, 10, `fill="${dark(boardCol, 0.5)}"`)));
  // A fan of slices, a dish of relish, bread and green onion.
  const inner: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = cx - 210 + i * 34;
    const y = cy - 60;
    const sl = `M${x} ${y - 70}h46a8 8 0 0 1 8 8v124a8 8 0 0 1-8 8h-46a8 8 0 0 1-8-8v-124a8 8 0 0 1 8-8z`;
    inner.push(soft((a) => path(sl, a), SHADOW, 0.25, 4, `transform="translate(4 5) rotate(${-12 + i * 4} ${x} ${y})"`));
    inner.push(g(`transform="rotate(${-12 + i * 4} ${x} ${y})"`, path(sl, `fill="${s.lin([[0, light(c0, 0.2)], [1, dark(c0, 0.1)]], 0, 0, 1, 0)}"`) + rect(x - 6, y + 20, 60, 12, `fill="${c1}" fill-opacity="0.85"`) + rect(x - 6, y + 50, 60, 6, `fill="${dark(c1, 0.2)}" fill-opacity="0.7"`)));
  }
  const rb = bowl(t, cx + 150, cy - 70, 70, '#f3ede2');
  inner.push(rb.out);
  inner.push(liquid(t, cx + 150, cy - 70, rb.inner, c1));
  for (let i = 0; i < 6; i++) inner.push(berry(t, cx + 150 + range(rng, -25, 25), cy - 70 + range(rng, -25, 25), 9, dark(c1, 0.1)));
  inner.push(breadSlice(t, cx + 60, cy + 100, 110, -10) + breadSlice(t, cx + 170, cy + 95, 110, 14));
  if (garnishKind(c2) === 'herb') {
    for (let i = 0; i < 5; i++) inner.push(line([cx - 200 + i * 10, cy + 120], [cx - 60 + i * 12, cy + 60 + i * 8], `stroke="${pick(rng, [c2, light(c2, 0.2)])}" stroke-width="8" stroke-linecap="round"`));
    inner.push(garnish(t, cx - 140, cy + 80, 50, '#f3efe6', 4));
  } else inner.push(crumbs(t, cx - 130, cy + 100, 40, c2, 6, 34));
  out.push(g(`transform="${tr}"`, inner.join('')));
  out.push(knife(cx - 380, cy + 80, -20, 0.9));
  return out.join('');
}

function drawCake(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [plate(t, cx, cy, 230, pick(rng, ['white', 'blue-rim', 'green-rim']))];
  // A wedge seen from above and a little from the front, showing its layers.
  const x0 = cx - 150;
  const x1 = cx + 90;
  const top = cy - 110;
  const face = 70;
  const tip = `M${x0} ${top + 30}L${x1} ${top}L${x1 - 20} ${top + 150}Z`;
  const side = `M${x0} ${top + 30}L${x1 - 20} ${top + 150}L${x1 - 20} ${top + 150 + face}L${x0} ${top + 30 + face}Z`;
  out.push(castShadow((a) => path(tip + side, a), 0.45, 10, 0.7));
  out.push(path(side, `fill="${c1}"`));
  const layers = 5;
  for (let i = 0; i < layers; i++) {
    const y0 = (face / layers) * i;
    out.push(path(`M${x0} ${top + 30 + y0}L${x1 - 20} ${top + 150 + y0}L${x1 - 20} ${top + 150 + y0 + face / layers / 2}L${x0} ${top + 30 + y0 + face / layers / 2}Z`, `fill="${dark(c0, 0.05)}"`));
  }
  out.push(path(side, `fill="${s.lin([[0, '#ffffff', 0.1], [1, SHADOW, 0.15]], 0, 0, 1, 1)}"`));
  out.push(path(tip, `fill="${s.solid(c0, 0.25, 0.2)}"`));
  for (let i = 0; i < 24; i++) {
    const u = rng();
    const v = rng() * (1 - u);
    const px = x0 + (x1 - x0) * u + (x1 - 20 - x0) * v;
    const py = top + 30 + (0 - 30) * u + (150 - 30) * v;
    out.push(circle(px, py, range(rng, 3, 7), `fill="${rng() < 0.5 ? light(c0, 0.3) : dark(c0, 0.2)}" fill-opacity="0.8"`));
  }
  // A scoop of ice cream or whipped cream, a drizzle and mint.
  const scx = cx + 110;
  const scy = cy + 90;
  out.push(castShadow((a) => circle(scx, scy, 52, a), 0.4, 8, 0.6));
  out.push(path(blob(rng, scx, scy, 54, 50, 0.07, 10), `fill="${s.solid(c2, 0.35, 0.15)}"`));
  for (let i = 0; i < 5; i++) out.push(circle(cx - 150 + i * 34, cy + 120 - i * 6, 9 - i, `fill="${t.s.solid(dark(c0, 0.3), 0.3, 0.2)}"`));
  out.push(leaf(scx - 10, scy - 30, 36, -50, '#4f8a3c') + leaf(scx - 6, scy - 28, 30, 10, '#5f9a3a'));
  out.push(fork(cx + 300, cy + 10, 12, 0.8));
  return out.join('');
}

function drawDessertGlass(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [plate(t, cx, cy, 220, pick(rng, ['white', 'cream']))];
  // Seen from above: the glass's rim, the mousse, a rosette of cream, berries.
  out.push(castShadow((a) => circle(cx, cy, 150, a), 0.3, 14, 1.2));
  out.push(circle(cx + 6, cy + 10, 152, `fill="${c0}" fill-opacity="0.25"`));
  out.push(circle(cx, cy, 150, `fill="#ffffff" fill-opacity="0.45" stroke="#ffffff" stroke-width="6"`));
  out.push(circle(cx, cy, 138, `fill="${s.rad([[0, light(c0, 0.3)], [0.8, c0], [1, dark(c0, 0.2)]], 0.45, 0.42, 0.6)}"`));
  const petals = 10;
  for (let i = 0; i < petals; i++) {
    const a = (i / petals) * Math.PI * 2;
    out.push(ellipse(cx + Math.cos(a) * 34, cy + Math.sin(a) * 34, 30, 18, `fill="${s.solid(c1, 0.3, 0.12)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(cx + Math.cos(a) * 34)} ${f(cy + Math.sin(a) * 34)})"`));
  }
  out.push(circle(cx, cy, 22, `fill="${s.solid(c1, 0.3, 0.1)}"`));
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + 0.4;
    out.push(berry(t, cx + Math.cos(a) * 92, cy + Math.sin(a) * 92, 14, c2));
  }
  out.push(leaf(cx + 4, cy - 8, 34, -60, '#4f8a3c') + leaf(cx + 6, cy - 6, 28, 0, '#5f9a3a'));
  out.push(path(`M${cx - 140} ${cy - 40}A146 146 0 0 1 ${cx - 40} ${cy - 140}`, `fill="none" stroke="#ffffff" stroke-width="8" stroke-opacity="0.8" stroke-linecap="round"`));
  for (let i = 0; i < 6; i++) out.push(berry(t, cx + 240 + range(rng, -30, 30), cy + 120 + range(rng, -30, 30), 12, c2));
  out.push(spoon(cx + 280, cy - 60, 20, 0.9));
  return out.join('');
}

function drawCrepes(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [plate(t, cx, cy, 250, pick(rng, ['white', 'blue-rim']))];
  out.push(path(blob(rng, cx + 40, cy + 40, 140, 90, 0.15, 9), `fill="${dark(c1, 0.1)}" fill-opacity="0.85"`));
  for (let i = 0; i < 2; i++) {
    const tr = `rotate(${-30 + i * 50} ${cx} ${cy})`;
    const d = `M${cx - 150} ${cy - 30 + i * 30}L${cx + 60} ${cy - 90 + i * 30}A170 170 0 0 1 ${cx - 60} ${cy + 110 + i * 10}Z`;
    out.push(soft((a) => path(d, a), SHADOW, 0.35, 6, `transform="translate(5 7) ${tr}"`));
    out.push(g(`transform="${tr}"`, path(d, `fill="${s.solid(c0, 0.3, 0.15)}"`)));
    for (let j = 0; j < 16; j++) out.push(circle(cx + range(rng, -130, 40), cy + range(rng, -70, 80) + i * 20, range(rng, 2, 6), `fill="${dark(c0, 0.35)}" fill-opacity="0.35" transform="${tr}"`));
  }
  for (let i = 0; i < 8; i++) out.push(berry(t, cx + range(rng, -20, 140), cy + range(rng, 20, 100), range(rng, 12, 16), c1));
  const scx = cx + 110;
  const scy = cy - 100;
  out.push(castShadow((a) => circle(scx, scy, 48, a), 0.4, 8, 0.6));
  out.push(path(blob(rng, scx, scy, 50, 46, 0.07, 10), `fill="${s.solid(c2, 0.35, 0.15)}"`));
  for (let i = 0; i < 60; i++) out.push(circle(cx + range(rng, -170, 60), cy + range(rng, -90, 60), range(rng, 0.8, 2), `fill="#ffffff" fill-opacity="0.85"`));
  out.push(leaf(scx - 6, scy - 24, 32, -40, '#4f8a3c'));
  out.push(fork(cx + 320, cy, 8));
  return out.join('');
}

function saucerAndCup(t: Table, cx: number, cy: number, cupR: number, drink: string, clear: boolean): string {
  const { s } = t;
  const out: string[] = [plate(t, cx, cy, cupR * 1.62, 'white')];
  // Handle, then the cup.
  out.push(castShadow((a) => circle(cx, cy, cupR, a), 0.45, 12, 1.4));
  out.push(rect(cx + cupR - 10, cy - 14, 62, 28, `rx="14" fill="${s.lin([[0, '#ffffff'], [1, '#ddd8cf']])}"`));
  out.push(rect(cx + cupR + 8, cy - 6, 30, 12, `rx="6" fill="${dark('#f2ede4', 0.2)}"`));
  out.push(circle(cx, cy, cupR, `fill="${s.rad([[0, '#ffffff'], [0.9, '#f4f0e8'], [1, '#d9d3c8']], 0.4, 0.4, 0.65)}"`));
  out.push(circle(cx, cy, cupR * 0.88, `fill="${s.lin([[0, '#cfc8bc'], [1, '#ffffff']], 0, 0, 1, 1)}"`));
  out.push(liquid(t, cx, cy, cupR * 0.8, drink, clear));
  return out.join('');
}

function drawCup(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [saucerAndCup(t, cx, cy, 125, c0, false)];
  const r = 100;
  // Crema ring and foam with a latte-art heart.
  out.push(circle(cx, cy, r * 0.92, `fill="${s.rad([[0, light(c1, 0.1)], [0.75, c1], [1, mix(c1, c0, 0.6)]], 0.5, 0.5, 0.5)}"`));
  const hy = cy - 8;
  out.push(path(`M${cx} ${hy + 50}C${cx - 70} ${hy + 5} ${cx - 50} ${hy - 45} ${cx} ${hy - 18}C${cx + 50} ${hy - 45} ${cx + 70} ${hy + 5} ${cx} ${hy + 50}Z`, `fill="${mix(c0, c1, 0.35)}"`));
  out.push(path(`M${cx} ${hy + 34}C${cx - 40} ${hy + 8} ${cx - 30} ${hy - 22} ${cx} ${hy - 6}C${cx + 30} ${hy - 22} ${cx + 40} ${hy + 8} ${cx} ${hy + 34}Z`, `fill="${light(c1, 0.2)}"`));
  out.push(line([cx, hy - 60], [cx, hy + 60], `stroke="${mix(c0, c1, 0.35)}" stroke-width="3"`));
  out.push(spoon(cx + 150, cy + 90, -35, 0.55));
  // Beans, cocoa or marshmallows around.
  const kind = garnishKind(c2);
  for (let i = 0; i < 7; i++) {
    const a = range(rng, -0.4, 1.8);
    const d = range(rng, 230, 300);
    const x = cx + Math.cos(a + Math.PI) * d;
    const y = cy + Math.sin(a + Math.PI) * d * 0.7;
    if (kind === 'spice' || kind === 'golden') {
      out.push(ellipse(x, y, 13, 9, `fill="${s.solid(c2, 0.25, 0.3)}" transform="rotate(${f(rng() * 180)} ${f(x)} ${f(y)})"`));
      out.push(path(`M${f(x - 9)} ${f(y)}q9 -4 18 0`, `fill="none" stroke="${dark(c2, 0.5)}" stroke-width="2" transform="rotate(${f(rng() * 180)} ${f(x)} ${f(y)})"`));
    } else out.push(garnish(t, x, y, 6, c2, 1));
  }
  out.push(breadSlice(t, cx - 250, cy + 170, 90, 20, '#e0b070', '#a8743a'));
  return out.join('');
}

function drawTea(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [saucerAndCup(t, cx - 40, cy + 10, 120, c0, true)];
  out.push(circle(cx - 40 + 20, cy + 10 + 25, 60, `fill="#fff2c8" fill-opacity="0.15"`));
  // Honey in a little dish with a wooden dipper.
  const hx = cx + 270;
  const hy = cy - 160;
  const hb = bowl(t, hx, hy, 78, '#f3ede2');
  out.push(hb.out + liquid(t, hx, hy, hb.inner, c1, true));
  out.push(line([hx - 10, hy + 10], [hx + 140, hy + 120], `stroke="#b8864f" stroke-width="10" stroke-linecap="round"`));
  for (let i = 0; i < 4; i++) out.push(ellipse(hx + 4 + i * 6, hy + 22 + i * 5, 20, 12, `fill="${s.solid('#c8955a', 0.2, 0.25)}" transform="rotate(40 ${hx + 4 + i * 6} ${hy + 22 + i * 5})"`));
  // Flowers or spices beside.
  out.push(garnish(t, cx + 250, cy + 160, 70, c2, 8));
  const sc = pick(rng, ['#e9d8b8', '#d8c39a']);
  for (let i = 0; i < 3; i++) out.push(rect(cx - 330 + i * 22, cy - 210 + i * 12, 36, 36, `rx="5" fill="${s.solid('#fbf8f0', 0.2, 0.12)}" stroke="${sc}" stroke-opacity="0.5"`));
  return out.join('');
}

function drawGlass(t: Table, cx: number, cy: number): string {
  const { look, rng, s } = t;
  const [c0, c1, c2] = look.colors;
  const out: string[] = [];
  const r = 175;
  // Coaster.
  out.push(castShadow((a) => circle(cx, cy, r + 40, a), 0.3, 8, 0.4));
  out.push(circle(cx, cy, r + 40, `fill="${s.rad([[0, '#d9c2a0'], [1, '#b89a72']])}"`));
  out.push(circle(cx, cy, r + 30, `fill="none" stroke="#8a6a48" stroke-width="2" stroke-opacity="0.5"`));
  // The glass's coloured shadow and caustic.
  out.push(soft((a) => circle(cx, cy, r, a), SHADOW, 0.2, 14, `transform="translate(${SHADOW_DX * 2} ${SHADOW_DY * 2})"`));
  out.push(circle(cx + SHADOW_DX * 2.2, cy + SHADOW_DY * 2.2, r * 0.9, `fill="${s.rad([[0, light(c0, 0.5), 0.6], [1, c0, 0]])}"`));
  out.push(liquid(t, cx, cy, r, c0, true));
  const ice = luma(c1) > 0.85;
  if (ice) {
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2 + rng();
      const x = cx + Math.cos(a) * 70;
      const y = cy + Math.sin(a) * 70;
      out.push(rect(x - 38, y - 38, 76, 76, `rx="14" fill="${light(c1, 0.5)}" fill-opacity="0.45" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3" transform="rotate(${f(rng() * 90)} ${f(x)} ${f(y)})"`));
    }
  } else out.push(lemonWheel(t, cx + 40, cy - 30, 62, c1));
  out.push(garnish(t, cx - 40, cy + 30, 50, c2, 5));
  // Bubbles, the rim and a straw.
  for (let i = 0; i < 18; i++) {
    const a = rng() * Math.PI * 2;
    const d = r * 0.92 * Math.sqrt(rng());
    out.push(circle(cx + Math.cos(a) * d, cy + Math.sin(a) * d, range(rng, 1.5, 4), `fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="1.2"`));
  }
  out.push(circle(cx, cy, r, `fill="none" stroke="#ffffff" stroke-width="9" stroke-opacity="0.75"`));
  out.push(circle(cx, cy, r + 5, `fill="none" stroke="${dark(c0, 0.2)}" stroke-width="2" stroke-opacity="0.3"`));
  out.push(path(`M${cx - r * 0.85} ${cy - r * 0.3}A${r * 0.9} ${r * 0.9} 0 0 1 ${cx - r * 0.3} ${cy - r * 0.85}`, `fill="none" stroke="#ffffff" stroke-width="10" stroke-opacity="0.8" stroke-linecap="round"`));
  if (rng() < 0.7) {
    const sx = cx + 30;
    const sy = cy + 20;
    out.push(line([sx, sy], [sx + 220, sy - 200], `stroke="${pick(rng, ['#f4efe6', '#d9b36a', '#9ab0a0'])}" stroke-width="16" stroke-linecap="round"`));
    out.push(line([sx + 3, sy - 4], [sx + 220, sy - 204], `stroke="#ffffff" stroke-width="4" stroke-opacity="0.6" stroke-linecap="round"`));
  }
  // A carafe or a few of the drink's fruits on the side.
  out.push(garnish(t, cx + 280, cy + 170, 60, garnishKind(c2) === 'herb' ? c2 : c2, 5));
  return out.join('');
}

/** Draws the food a little larger than its plate coordinates, so portions fill the plate. */
function larger(cx: number, cy: number, k: number, body: string): string {
  return g(`transform="translate(${f(cx)} ${f(cy)}) scale(${k}) translate(${f(-cx)} ${f(-cy)})"`, body);
}

export function dishImageSvg(product: DemoProduct): string {
  const s = new Svg(DW, DH);
  const rng = seeded(product.slug);
  const motif = product.look.motif;
  const drink = motif === 'cup' || motif === 'tea' || motif === 'glass';
  const sweet = motif === 'cake' || motif === 'dessert-glass' || motif === 'crepes' || motif === 'syrniki';
  const wood = drink || sweet ? rng() < 0.4 : rng() < 0.7;
  const t: Table = { s, rng, look: product.look, wood };
  const cx = DW / 2 + range(rng, -30, 10);
  const cy = DH / 2 + range(rng, -10, 10);
  const body: string[] = [tableTop(t)];
  if (!drink && motif !== 'board') body.push(napkin(t, -60, DH - 230, 300, 260, range(rng, -20, 10)));
  switch (motif) {
    case 'soup':
      body.push(drawSoup(t, cx, cy));
      break;
    case 'bread-bowl':
      body.push(drawBreadBowl(t, cx, cy));
      break;
    case 'pancakes':
      body.push(drawPancakes(t, cx, cy));
      break;
    case 'syrniki':
      body.push(drawSyrniki(t, cx - 30, cy));
      break;
    case 'dumplings':
      body.push(drawDumplings(t, cx, cy));
      break;
    case 'casserole':
      body.push(drawCasserole(t, cx, cy));
      break;
    case 'stew':
      body.push(drawStew(t, cx, cy));
      break;
    case 'meat':
      body.push(drawMeat(t, cx, cy, product.slug));
      break;
    case 'fish':
      body.push(drawFish(t, cx, cy));
      break;
    case 'salad':
      body.push(drawSalad(t, cx, cy));
      break;
    case 'board':
      body.push(drawBoard(t, cx - 30, cy));
      break;
    case 'cake':
      body.push(drawCake(t, cx, cy));
      break;
    case 'dessert-glass':
      body.push(drawDessertGlass(t, cx, cy));
      break;
    case 'crepes':
      body.push(drawCrepes(t, cx, cy));
      break;
    case 'cup':
      body.push(drawCup(t, cx, cy));
      break;
    case 'tea':
      body.push(drawTea(t, cx, cy));
      break;
    case 'glass':
      body.push(drawGlass(t, cx, cy));
      break;
  }
  // Window light from the top left, falling off into a soft vignette.
  body.push(rect(0, 0, DW, DH, `fill="${s.lin([[0, '#fff6e4', 0.16], [0.45, '#fff6e4', 0], [1, SHADOW, 0.22]], 0, 0, 1, 1)}"`));
  body.push(rect(0, 0, DW, DH, `fill="${s.rad([[0, SHADOW, 0], [0.7, SHADOW, 0.04], [1, SHADOW, 0.38]], 0.5, 0.5, 0.75)}"`));
  return s.render(`<defs>${METAL}</defs>${body.join('')}`);
}
