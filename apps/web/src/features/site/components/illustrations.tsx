/**
 * Small line drawings (icons, ornament) in the house's palette, drawn with currentColor so the themes
 * restyle them. The large pictures (hero scenes, the facade then and now, the chef) are static SVG
 * files in public/illustrations/: an <img> costs nothing to hydrate.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const line = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function CupIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <g {...line}>
        <path d="M10 20h24v8a10 10 0 0 1-10 10h-4a10 10 0 0 1-10-10z" />
        <path d="M34 23h3a4 4 0 0 1 0 8h-4" />
        <path d="M8 42h30" />
        <path d="M18 8c-2 3 2 5 0 8M24 6c-2 3 2 6 0 9M30 8c-2 3 2 5 0 8" />
      </g>
    </svg>
  );
}

export function ClocheIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <g {...line}>
        <path d="M6 34h36M9 38h30" />
        <path d="M10 34a14 14 0 0 1 28 0" />
        <circle cx="24" cy="17" r="2" />
        <path d="M16 26c2-3 5-4 8-4" />
      </g>
    </svg>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <g {...line}>
        <circle cx="15" cy="24" r="8" />
        <circle cx="15" cy="24" r="3" />
        <path d="M23 24h19M36 24v6M41 24v4" />
      </g>
    </svg>
  );
}

export function BagIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <g {...line}>
        <path d="M10 16h28l-2 24H12z" />
        <path d="M18 20v-6a6 6 0 0 1 12 0v6" />
        <path d="M19 30l4 4 7-8" />
      </g>
    </svg>
  );
}

/** A thin ornamental rule with a diamond in the middle. */
export function Ornament(props: IconProps) {
  return (
    <svg viewBox="0 0 160 16" aria-hidden="true" focusable="false" {...props}>
      <g {...line} strokeWidth={1.2}>
        <path d="M0 8h62M98 8h62" />
        <path d="M80 1l7 7-7 7-7-7z" />
        <path d="M66 8h4M90 8h4" />
        <circle cx="80" cy="8" r="1.6" fill="currentColor" />
      </g>
    </svg>
  );
}
