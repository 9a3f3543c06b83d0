import { useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { MediaItem } from '../utils/media-items';
import { ChevronIcon } from '@/components/ui/icons/icons';
import { MediaSlide } from './media-slide';
import styles from './post-carousel.module.css';

type PostCarouselProps = {
  items: MediaItem[];
  title: string;
};

const TYPE_WORD = { image: 'image', video: 'video', audio: 'audio', document: 'document' } as const;

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
 * The post's media (spec §2 Post detail): one file per slide, previous/next buttons and one
 * indicator per file. Embla is imported here only, so it stays in the detail's chunk.
 */
export function PostCarousel({ items, title }: PostCarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  const [selected, setSelected] = useState(0);
  const count = items.length;

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
  const multiple = count > 1;

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Media">
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {items.map((item, index) => {
            const label = `${title}, ${TYPE_WORD[item.type]} ${index + 1} of ${count}`;
            return (
              <div
                key={`${item.url}-${index}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
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
            aria-label="Previous media"
            disabled={selected === 0}
            onClick={() => embla?.scrollPrev()}
          >
            <ChevronIcon direction="left" />
          </button>
          <div className={styles.dots} role="group" aria-label="Choose media">
            {items.map((item, index) => (
              <button
                key={`${item.url}-${index}`}
                type="button"
                className={index === selected ? `${styles.dot} ${styles.current}` : styles.dot}
                aria-label={`Show media ${index + 1} of ${count}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Next media"
            disabled={selected === count - 1}
            onClick={() => embla?.scrollNext()}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
