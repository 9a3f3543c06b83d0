import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_STATS } from '@symposia/shared';
import { paths } from '@/config/paths';
import { useScrollReveal } from '../hooks/use-scroll-reveal';
import { PLATFORM_FEATURES } from '../content';
import { FeatureIconGlyph } from './feature-icon';
import { HomeParticles } from './home-particles';
import { HomeSearch } from './home-search';
import styles from './home-page.module.css';

/** The Home screen (spec §2 Home): hero with search, About, features, stats, call to action. */
export function HomePage() {
  const { t } = useTranslation(['home', 'screen']);
  const reveal = useScrollReveal();
  const slogans = t('screen:slogans', { returnObjects: true });
  const paragraphs = t('about.paragraphs', { returnObjects: true });
  const provides = t('about.provides', { returnObjects: true });
  const statLabels = t('stats', { returnObjects: true });

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <HomeParticles />
        <div className={styles.heroContent}>
          <h1 id="home-title" className={styles.title}>
            Symposia
          </h1>
          <p className={styles.tagline}>{t('screen:tagline')}</p>
          <ul className={styles.slogans}>
            {slogans.map((slogan) => (
              <li key={slogan}>{slogan}</li>
            ))}
          </ul>
          <HomeSearch />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-about">
        <div className={styles.about} {...reveal('fade-up')}>
          <div>
            <h2 id="home-about">{t('about.title')}</h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </div>
          <div className={styles.provides}>
            <h3 id="home-provides">{t('about.providesTitle')}</h3>
            <ul aria-labelledby="home-provides" className={styles.checklist}>
              {provides.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className={`${styles.section} ${styles.muted}`} aria-labelledby="home-features">
        <div className={styles.inner}>
          <h2 id="home-features" className={styles.centered} {...reveal('fade-up')}>
            {t('features.title')}
          </h2>
          <ul className={styles.features}>
            {PLATFORM_FEATURES.map((feature, index) => (
              <li key={feature} className={styles.feature} {...reveal('fade-up', index * 100)}>
                <span className={styles.featureIcon} aria-hidden="true">
                  <FeatureIconGlyph icon={feature} />
                </span>
                <h3 className={styles.featureTitle}>{t(`features.${feature}.title`)}</h3>
                <p className={styles.featureText}>{t(`features.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.statsSection} aria-labelledby="home-stats">
        <h2 id="home-stats" className="visually-hidden">
          {t('statsTitle')}
        </h2>
        <ul className={styles.stats}>
          {HOME_STATS.map((stat, index) => (
            <li key={stat.label} className={styles.stat} {...reveal('zoom-in', index * 100)}>
              <span className={styles.statValue}>{stat.value}</span>
              <span className={styles.statLabel}>{statLabels[index] ?? stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="home-cta">
        <div className={styles.cta} {...reveal('fade-up')}>
          <h2 id="home-cta">{t('screen:homeCallToAction')}</h2>
          <p className={styles.ctaText}>{t('ctaText')}</p>
          <Link to={paths.register.href()} className={`button ${styles.ctaButton}`}>
            {t('register')}
          </Link>
        </div>
      </section>
    </div>
  );
}
