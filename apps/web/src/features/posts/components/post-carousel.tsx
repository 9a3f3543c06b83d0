import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmblaCarouselType } from 'embla-carousel';
import type { MediaItem } from '../utils/media-items';
import { ChevronIcon } from '@/components/ui/icons/icons';
import { MediaSlide } from './media-slide';
import styles from './post-carousel.module.css';

type PostCarouselProps = {
  items: MediaItem[];
  title: string;
};

/** Pauses what plays on slides the reader moved away from. */
function pauseHiddenMedia(slides: HTMLElement[], selected: number) {
  slides.forEach((slide, index) => {
    if (index === selected) return;
    slide.querySelectorAll<HTMLMediaElement>('video, audio').forEach((media) => {
      if (!media.paused) media.pause();
    });
  });
}

/**
 * Embla on the viewport, once there is more than one slide to move between. Loaded after the
 * page has hydrated, as its own chunk: a post with one file never loads it, and the slides are
 * the same markup with or without it, so the server-rendered page needs nothing from it.
 */
function useCarousel(viewport: HTMLDivElement | null, enabled: boolean): EmblaCarouselType | null {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  useEffect(() => {
    if (!viewport || !enabled) return;
    let carousel: EmblaCarouselType | null = null;
    let active = true;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (!active) return;
      carousel = EmblaCarousel(viewport, { align: 'start', containScroll: 'trimSnaps' });
      setEmbla(carousel);
    });
    return () => {
      active = false;
      carousel?.destroy();
      setEmbla(null);
    };
  }, [viewport, enabled]);
  return embla;
}

/**
 * The post's media (spec §2 Post detail): one file per slide, previous/next buttons and one
 * indicator per file. The buttons wait for the carousel to be ready.
 */
export function PostCarousel({ items, title }: PostCarouselProps) {
  const { t } = useTranslation('posts');
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const count = items.length;
  const multiple = count > 1;
  const embla = useCarousel(viewport, multiple);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const index = embla.selectedScrollSnap();
      setSelected(index);
      pauseHiddenMedia(embla.slideNodes(), index);
    };
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  if (!count) return null;

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('media.carouselRole')}
      aria-label={t('media.carousel')}
    >
      <div className={styles.viewport} ref={setViewport}>
        <div className={styles.container}>
          {items.map((item, index) => {
            const label = t('media.slide', {
              title,
              type: t(`mediaType.${item.type}`),
              index: index + 1,
              count,
            });
            return (
              <div
                key={`${item.url}-${index}`}
                className={styles.slide}
                role="group"
                aria-roledescription={t('media.slideRole')}
                aria-label={t('media.position', { index: index + 1, count })}
                data-active={index === selected}
              >
                <MediaSlide item={item} label={label} eager={index === 0} />
              </div>
            );
          })}
        </div>
      </div>
      {multiple ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('media.previous')}
            disabled={!embla || selected === 0}
            onClick={() => embla?.scrollPrev()}
          >
            <ChevronIcon direction="left" />
          </button>
          <div className={styles.dots} role="group" aria-label={t('media.choose')}>
            {items.map((item, index) => (
              <button
                key={`${item.url}-${index}`}
                type="button"
                className={index === selected ? `${styles.dot} ${styles.current}` : styles.dot}
                aria-label={t('media.show', { index: index + 1, count })}
                aria-current={index === selected ? 'true' : undefined}
                disabled={!embla}
                onClick={() => embla?.scrollTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('media.next')}
            disabled={!embla || selected === count - 1}
            onClick={() => embla?.scrollNext()}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
