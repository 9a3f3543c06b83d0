import { useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './fallback-image.module.css';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string;
  alt: string;
  /** Tried in order when the picture (or the fallback before) fails to load. */
  fallbacks?: readonly string[];
  /** Shown as text once every source failed. */
  fallbackText?: string;
};

/**
 * An image that survives a broken source (spec §4 Media): on a load error it moves on to the next
 * fallback image, and after the last one it shows a text placeholder of the same size.
 */
export function FallbackImage({
  src,
  alt,
  fallbacks = [],
  fallbackText,
  className,
  srcSet,
  sizes,
  ...imgProps
}: FallbackImageProps) {
  const { t } = useTranslation('common');
  const sources = [src, ...fallbacks].filter(Boolean);
  const [failures, setFailures] = useState({ src, count: 0 });
  // A new picture starts from its own source again.
  const failed = failures.src === src ? failures.count : 0;
  // The failure of one source moves on once, however often it is heard (app/ssr/media-errors.ts
  // fires a failure from before hydration again until the fallback shows).
  const failedAt = (index: number) =>
    setFailures((current) => {
      const count = current.src === src ? current.count : 0;
      return count === index ? { src, count: index + 1 } : current;
    });

  if (failed >= sources.length) {
    const state = fallbackText ?? t('image.unavailable');
    return (
      <span
        className={className ? `${styles.placeholder} ${className}` : styles.placeholder}
        role="img"
        aria-label={alt ? t('image.named', { alt, state: state.toLowerCase() }) : state}
        data-fallback="text"
      >
        <span aria-hidden="true">{state}</span>
      </span>
    );
  }

  return (
    <img
      {...imgProps}
      className={className}
      src={sources[failed]}
      // The renditions belong to the first source: a fallback is shown as it is.
      srcSet={failed === 0 ? srcSet : undefined}
      sizes={failed === 0 ? sizes : undefined}
      alt={alt}
      data-fallback={failed > 0 ? String(failed) : undefined}
      onError={() => failedAt(failed)}
    />
  );
}
