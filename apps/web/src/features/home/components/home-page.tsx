import { Link } from 'react-router';
import { HOME_STATS } from '@symposia/shared';
import { paths } from '@/config/paths';
import { useScrollReveal } from '../hooks/use-scroll-reveal';
import {
  ABOUT_PARAGRAPHS,
  ABOUT_PROVIDES,
  CALL_TO_ACTION,
  PLATFORM_FEATURES,
  SLOGANS,
  TAGLINE,
} from '../content';
import { FeatureIconGlyph } from './feature-icon';
import { HomeParticles } from './home-particles';
import { HomeSearch } from './home-search';
import styles from './home-page.module.css';

/** The Home screen (spec §2 Home): hero with search, About, features, stats, call to action. */
export function HomePage() {
  const reveal = useScrollReveal();

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <HomeParticles />
        <div className={styles.heroContent}>
          <h1 id="home-title" className={styles.title}>
            Symposia
          </h1>
          <p className={styles.tagline}>{TAGLINE}</p>
          <ul className={styles.slogans}>
            {SLOGANS.map((slogan) => (
              <li key={slogan}>{slogan}</li>
            ))}
          </ul>
          <HomeSearch />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-about">
        <div className={styles.about} {...reveal('fade-up')}>
          <div>
            <h2 id="home-about">About Symposia</h2>
            {ABOUT_PARAGRAPHS.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </div>
          <div className={styles.provides}>
            <h3 id="home-provides">What the platform provides</h3>
            <ul aria-labelledby="home-provides" className={styles.checklist}>
              {ABOUT_PROVIDES.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className={`${styles.section} ${styles.muted}`} aria-labelledby="home-features">
        <div className={styles.inner}>
          <h2 id="home-features" className={styles.centered} {...reveal('fade-up')}>
            Platform Features
          </h2>
          <ul className={styles.features}>
            {PLATFORM_FEATURES.map((feature, index) => (
              <li
                key={feature.title}
                className={styles.feature}
                {...reveal('fade-up', index * 100)}
              >
                <span className={styles.featureIcon} aria-hidden="true">
                  <FeatureIconGlyph icon={feature.icon} />
                </span>
                <h3 className={styles.featureTitle}>{feature.title}</h3>
                <p className={styles.featureText}>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.statsSection} aria-labelledby="home-stats">
        <h2 id="home-stats" className="visually-hidden">
          Symposia in numbers
        </h2>
        <ul className={styles.stats}>
          {HOME_STATS.map((stat, index) => (
            <li key={stat.label} className={styles.stat} {...reveal('zoom-in', index * 100)}>
              <span className={styles.statValue}>{stat.value}</span>
              <span className={styles.statLabel}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="home-cta">
        <div className={styles.cta} {...reveal('fade-up')}>
          <h2 id="home-cta">{CALL_TO_ACTION}</h2>
          <p className={styles.ctaText}>
            Share your research, discuss it with peers and earn token rewards for valuable
            contributions.
          </p>
          <Link to={paths.register.href()} className={`button ${styles.ctaButton}`}>
            Register Now
          </Link>
        </div>
      </section>
    </div>
  );
}
