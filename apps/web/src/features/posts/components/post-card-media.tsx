import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageRendition, MediaType } from '@symposia/shared';
import { ResponsiveImage } from '@/components/ui/responsive-image/responsive-image';
import { PLACEHOLDER_IMAGES } from '../utils/placeholders';
import { PlaceholderImage } from './placeholder-image';
import { PauseIcon, PlayIcon } from '@/components/ui/icons/icons';
import styles from './post-card-media.module.css';

type PostCardMediaProps = {
  type: MediaType;
  /** URL of the post's first file; '' when the post has none. */
  src: string;
  /** An image's 640 px and 1600 px renditions, once processing made them. */
  renditions?: readonly ImageRendition[];
  /** A video's poster frame, once processing made one. */
  poster?: string | null;
  title: string;
  /** The first card a reader sees: its image is fetched at once, with high priority. */
  priority?: boolean;
};

/**
 * How wide a card's image is laid out (post-grid.module.css: one column under 768 px, two under
 * 1024 px, then three in at most 1120 px), so the browser picks the rendition that fits.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1120px) 342px, (min-width: 1024px) calc(33.3vw - 32px), ' +
  '(min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)';

function Badge({ children }: { children: string }) {
  return <span className={styles.badge}>{children}</span>;
}

function CardVideo({ src, poster, title }: { src: string; poster?: string | null; title: string }) {
  const { t } = useTranslation('posts');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  // Playing is not opening the post: the click stays with the button (spec §2).
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      video.play().catch((error: unknown) => console.warn('The video could not start', error));
    } else {
      video.pause();
    }
  };

  if (failed) return <PlaceholderImage type="video" className={styles.fill} />;

  return (
    <>
      <video
        ref={videoRef}
        className={styles.fill}
        src={src}
        poster={poster ?? undefined}
        preload="metadata"
        playsInline
        aria-label={t('card.video', { title })}
        // Named by the post's title (user content); the element holds no other text.
        translate="no"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => setFailed(true)}
      />
      <button
        type="button"
        className={styles.play}
        aria-label={t(playing ? 'card.pauseVideo' : 'card.playVideo', { title })}
        translate="no"
        onClick={toggle}
      >
        {playing ? <PauseIcon width={22} height={22} /> : <PlayIcon width={22} height={22} />}
      </button>
    </>
  );
}

/**
 * The media area of a post card (spec §2): an image in the rendition that fits, its space reserved
 * (16:10), lazily loaded unless it is the first card, that falls back to a bundled picture; a
 * playable video; or a placeholder for documents and audio.
 */
export function PostCardMedia({
  type,
  src,
  renditions,
  poster,
  title,
  priority = false,
}: PostCardMediaProps) {
  const { t } = useTranslation('posts');
  return (
    <div className={styles.media} data-media-type={type}>
      {type === 'image' ? (
        <ResponsiveImage
          className={styles.fill}
          src={src}
          candidates={renditions}
          sizes={CARD_IMAGE_SIZES}
          alt={title ? t('card.imageOf', { title }) : t('card.image')}
          // Named by the post's title (user content); the image holds no other text.
          translate="no"
          fallbacks={PLACEHOLDER_IMAGES.image}
          width={640}
          height={400}
          priority={priority}
        />
      ) : type === 'video' && src ? (
        <CardVideo src={src} poster={poster} title={title} />
      ) : (
        <PlaceholderImage type={type} className={styles.fill} priority={priority} />
      )}
      {type !== 'image' ? <Badge>{t(`card.badge.${type}`)}</Badge> : null}
    </div>
  );
}
