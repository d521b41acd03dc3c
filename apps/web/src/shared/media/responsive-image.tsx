import type { Image } from '@hotel/domain';
import { useLanguage } from '../hooks/use-language';

interface ResponsiveImageProps {
  image: Image;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** Loads at once and ahead of other pictures: the largest thing on the first screen. */
  priority?: boolean;
  /** Loads at once without jumping the queue (just below the first screen); lazy by default. */
  eager?: boolean;
  width?: number;
  height?: number;
}

/**
 * An uploaded image with a `srcset` of the widths the server resizes it to, offered as AVIF to the
 * browsers that take it and as WebP to the others. The `<picture>` is `display: contents`
 * (global.css), so the `<img>` is laid out as if it stood alone.
 */
export function ResponsiveImage({ image, sizes, className, priority, eager, width, height }: ResponsiveImageProps) {
  const { language } = useLanguage();
  const srcSet = image.widths.map((w) => `${image.src}?w=${w} ${w}w`).join(', ');
  const img = (
    <img
      src={image.widths.length ? `${image.src}?w=${image.widths.at(-1)}` : image.src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt[language]}
      className={className}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={width}
      height={height}
    />
  );
  if (!srcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.widths.map((w) => `${image.src}?w=${w}&f=avif ${w}w`).join(', ')} sizes={sizes} />
      {img}
    </picture>
  );
}
