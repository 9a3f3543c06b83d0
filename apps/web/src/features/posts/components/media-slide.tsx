import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/ui/responsive-image/responsive-image';
import type { MediaItem } from '../utils/media-items';
import { PLACEHOLDER_IMAGES, placeholderFor } from '../utils/placeholders';
import { PlaceholderImage } from './placeholder-image';
import styles from './media-slide.module.css';

type MediaSlideProps = {
  item: MediaItem;
  /** Describes the file for assistive technology, e.g. "Post title, image 1 of 2". */
  label: string;
  /** The first slide: the page's largest image, fetched at once with high priority. */
  eager: boolean;
};

/**
 * How wide a slide is laid out (post-detail-view.module.css: the page's width less its padding,
 * beside the 340 px side column from 1024 px, at most 1120 px in all).
 */
export const SLIDE_IMAGE_SIZES =
  '(min-width: 1120px) 700px, (min-width: 1024px) calc(100vw - 420px), ' +
  '(min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)';

// A slide's media is named after the post's title (user content), in the reader's language; the
// element holds no other text, so it is marked translate="no" for the title's sake.

/** A failed video becomes an image placeholder (spec §4 Media). */
function SlideVideo({ item, label }: { item: MediaItem; label: string }) {
  const { t } = useTranslation('posts');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <img
        translate="no"
        className={styles.media}
        src={placeholderFor('video')}
        alt={t('media.videoUnavailable', { label })}
        width={640}
        height={400}
        data-fallback="video"
      />
    );
  }
  return (
    <video
      translate="no"
      className={styles.media}
      src={item.url}
      poster={item.thumbnail ?? undefined}
      controls
      preload="metadata"
      playsInline
      aria-label={label}
      onError={() => setFailed(true)}
    />
  );
}

function SlideAudio({ item, label, eager }: { item: MediaItem; label: string; eager: boolean }) {
  const { t } = useTranslation('posts');
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.stack}>
      <PlaceholderImage type="audio" className={styles.media} priority={eager} />
      {failed ? (
        <p className={styles.caption}>{t('media.audioUnavailable')}</p>
      ) : (
        <audio
          translate="no"
          className={styles.audio}
          src={item.url}
          controls
          preload="metadata"
          aria-label={label}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}

/** Documents are not shown inline; the gateway serves them for download or a new tab. */
function SlideDocument({ item, eager }: { item: MediaItem; eager: boolean }) {
  const { t } = useTranslation('posts');
  return (
    <div className={styles.stack}>
      <PlaceholderImage type="document" className={styles.media} priority={eager} />
      <a
        className={`button button-secondary ${styles.open}`}
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        <Trans
          t={t}
          i18nKey="media.openDocument"
          values={{ name: item.name }}
          components={{ name: <span translate="no" /> }}
        />
      </a>
    </div>
  );
}

/** One file of a post in the detail's carousel. */
export function MediaSlide({ item, label, eager }: MediaSlideProps) {
  switch (item.type) {
    case 'image':
      return (
        <ResponsiveImage
          translate="no"
          className={styles.media}
          src={item.thumbnail ?? item.url}
          candidates={item.renditions}
          sizes={SLIDE_IMAGE_SIZES}
          // The slide's own proportions (post-carousel.module.css): the space is kept as it loads.
          width={1600}
          height={1000}
          alt={label}
          fallbacks={
            item.thumbnail ? [item.url, ...PLACEHOLDER_IMAGES.image] : PLACEHOLDER_IMAGES.image
          }
          priority={eager}
        />
      );
    case 'video':
      return <SlideVideo item={item} label={label} />;
    case 'audio':
      return <SlideAudio item={item} label={label} eager={eager} />;
    case 'document':
      return <SlideDocument item={item} eager={eager} />;
  }
}
