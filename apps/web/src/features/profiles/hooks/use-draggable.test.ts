import { describe, expect, it } from 'vitest';
import { clampOffset } from './use-draggable';

const viewport = { width: 1280, height: 800 };
const base = { left: 400, top: 80, width: 480, height: 600 };

describe('clampOffset', () => {
  it('leaves a move inside the viewport alone', () => {
    expect(clampOffset({ x: -120, y: 60 }, base, viewport)).toEqual({ x: -120, y: 60 });
  });

  it('never lets the title bar leave the top', () => {
    expect(clampOffset({ x: 0, y: -500 }, base, viewport)).toEqual({ x: 0, y: -80 });
  });

  it('keeps a strip of the window on screen at the other edges', () => {
    expect(clampOffset({ x: 5000, y: 5000 }, base, viewport)).toEqual({ x: 832, y: 672 });
    expect(clampOffset({ x: -5000, y: 0 }, base, viewport)).toEqual({ x: -832, y: 0 });
  });
});
