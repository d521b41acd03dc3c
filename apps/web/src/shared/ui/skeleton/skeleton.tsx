import clsx from 'clsx';
import type { CSSProperties, HTMLAttributes } from 'react';
import styles from './skeleton.module.css';

export type SkeletonRadius = 'sm' | 'md' | 'lg' | 'pill' | 'circle';

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** A number is pixels; a string is any CSS length ("100%", "12rem"). Default 100%. */
  width?: number | string;
  /** A number is pixels; a string is any CSS length. Default 1em. */
  height?: number | string;
  /** Corner rounding; "circle" makes a round avatar placeholder. Default "sm". */
  radius?: SkeletonRadius;
}

function size(value: number | string | undefined) {
  return typeof value === 'number' ? `${value}px` : value;
}

/**
 * A shimmering placeholder block while content loads. Hidden from assistive technology:
 * mark the loading container with aria-busy (or show a Spinner with a label) instead.
 */
export function Skeleton({ width, height, radius = 'sm', className, style, ...rest }: SkeletonProps) {
  const dimensions: CSSProperties = { width: size(width), height: size(height) };
  return (
    <span
      aria-hidden="true"
      {...rest}
      className={clsx(styles.skeleton, styles[radius], className)}
      style={{ ...dimensions, ...style }}
      data-skeleton=""
    />
  );
}
