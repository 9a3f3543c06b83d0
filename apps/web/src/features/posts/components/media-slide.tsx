import { useState } from 'react';
import { FallbackImage } from '@/components/ui/fallback-image/fallback-image';
import type { MediaItem } from '../utils/media-items';
import { PLACEHOLDER_IMAGES, placeholderFor } from '../utils/placeholders';
import styles from './media-slide.module.css';

type MediaSlideProps = {
  item: MediaItem;
  /** Describes the file for assistive technology, e.g. "Post title, image 1 of 2". */
  label: string;
  eager: boolean;
};

/** A failed video becomes an image placeholder (spec §4 Media). */
function SlideVideo({ item, label }: { item: MediaItem; label: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <img
        className={styles.media}
        src={placeholderFor('video')}
        alt={`${label} (video unavailable)`}
        width={640}
        height={400}
        data-fallback="video"
      />
    );
  }
  return (
    <video
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

function SlideAudio({ item, label }: { item: MediaItem; label: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.stack}>
      <img className={styles.media} src={placeholderFor('audio')} alt="" width={640} height={400} />
      {failed ? (
        <p className={styles.caption}>Audio unavailable</p>
      ) : (
        <audio
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
function SlideDocument({ item }: { item: MediaItem }) {
  return (
    <div className={styles.stack}>
      <img
        className={styles.media}
        src={placeholderFor('document')}
        alt=""
        width={640}
        height={400}
      />
      <a
        className={`button button-secondary ${styles.open}`}
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Open document: {item.name}
      </a>
    </div>
  );
}

/** One file of a post in the detail's carousel. */
export function MediaSlide({ item, label, eager }: MediaSlideProps) {
  switch (item.type) {
    case 'image':
      return (
        <FallbackImage
          className={styles.media}
          src={item.thumbnail ?? item.url}
          alt={label}
          fallbacks={
            item.thumbnail ? [item.url, ...PLACEHOLDER_IMAGES.image] : PLACEHOLDER_IMAGES.image
          }
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      );
    case 'video':
      return <SlideVideo item={item} label={label} />;
    case 'audio':
      return <SlideAudio item={item} label={label} />;
    case 'document':
      return <SlideDocument item={item} />;
  }
}
