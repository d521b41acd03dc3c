import type { Image } from '@hotel/domain';
import { useLanguage } from '../hooks/use-language';

interface ResponsiveImageProps {
  image: Image;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  priority?: boolean;
  width?: number;
  height?: number;
}

/** An uploaded image with a `srcset` of the widths the server resizes it to. */
export function ResponsiveImage({ image, sizes, className, priority, width, height }: ResponsiveImageProps) {
  const { language } = useLanguage();
  const srcSet = image.widths.map((w) => `${image.src}?w=${w} ${w}w`).join(', ');
  return (
    <img
      src={image.widths.length ? `${image.src}?w=${image.widths.at(-1)}` : image.src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt[language]}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={width}
      height={height}
    />
  );
}
