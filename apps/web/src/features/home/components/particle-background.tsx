/**
 * The hero's animated particle field (spec §2 Home). This module is only ever loaded with a dynamic
 * import from the Home screen, so the particle engine stays out of the app shell and out of the
 * Home screen's first load.
 */
import { Particles, ParticlesProvider } from '@tsparticles/react';
import type { Engine, ISourceOptions } from '@tsparticles/engine';
import { loadSlim } from '@tsparticles/slim';
import styles from './particle-background.module.css';

// Module scope: ParticlesProvider requires the same init function for the whole app lifetime.
async function loadEngine(engine: Engine): Promise<void> {
  await loadSlim(engine);
}

// Module scope as well: a new options object would restart the animation on every render.
const OPTIONS: ISourceOptions = {
  fullScreen: { enable: false },
  detectRetina: true,
  fpsLimit: 60,
  pauseOnBlur: true,
  pauseOnOutsideViewport: true,
  particles: {
    number: { value: 70, density: { enable: true, width: 1280, height: 720 } },
    paint: { fill: { enable: true, color: { value: ['#f2c14e', '#9fc2ff', '#ffffff'] } } },
    opacity: { value: { min: 0.25, max: 0.7 } },
    size: { value: { min: 1, max: 3 } },
    links: { enable: true, distance: 140, color: '#9fc2ff', opacity: 0.25, width: 1 },
    move: { enable: true, speed: 0.6, outModes: 'out' },
  },
};

export default function ParticleBackground() {
  return (
    <div className={styles.layer} aria-hidden="true" data-testid="particle-background">
      <ParticlesProvider init={loadEngine}>
        <Particles id="home-particles" className={styles.canvas} options={OPTIONS} />
      </ParticlesProvider>
    </div>
  );
}
