import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './avatar.module.css';

type AvatarProps = {
  src?: string | null;
  name: string;
  size?: AvatarSize;
};

type AvatarSize = 32 | 48 | 96;

export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => String.fromCodePoint(word.codePointAt(0)!))
    .join('');
  return initials.toUpperCase() || '?';
}

/** Stable, pleasant hue per name so the same person keeps the same colour everywhere. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) % 360;
  return hash;
}

const sizeClass: Record<AvatarSize, string | undefined> = {
  32: styles.size32,
  48: styles.size48,
  96: styles.size96,
};

/**
 * A user's picture; a missing or broken one falls back to generated initials (spec §2). The name
 * and its initials are the member's own: translate="no" keeps them as written.
 */
export function Avatar({ src, name, size = 48 }: AvatarProps) {
  const { t } = useTranslation('common');
  const label = t('image.avatar', { name });
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = `${styles.avatar} ${sizeClass[size]}`;

  if (src && src !== failedSrc) {
    return (
      <img
        className={className}
        src={src}
        alt={label}
        translate="no"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      className={`${className} ${styles.initials}`}
      data-hue={Math.round(hueOf(name) / 30) * 30}
      role="img"
      aria-label={label}
      translate="no"
    >
      {initialsOf(name)}
    </span>
  );
}
