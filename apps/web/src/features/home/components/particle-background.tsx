/**
 * The hero's animated particle field (docs/PRODUCT_SPEC.md, Home). This module is only ever loaded
 * with a dynamic import from the Home screen (home-particles.tsx), so its code stays out of the app
 * shell and out of the Home screen's first load.
 */
import { useEffect, useRef } from 'react';
import { startParticleField } from '../utils/particle-field';
import styles from './particle-background.module.css';

export default function ParticleBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    return startParticleField(canvas);
  }, []);

  return (
    <div className={styles.layer} aria-hidden="true" data-testid="particle-background">
      {/* The field follows the size of this box; the canvas inside never changes it. */}
      <div id="home-particles" className={styles.field}>
        <canvas ref={canvasRef} className={styles.canvas} />
      </div>
    </div>
  );
}
