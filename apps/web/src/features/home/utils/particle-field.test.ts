import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HERO_FIELD,
  particleCountFor,
  startParticleField,
  type ParticleFieldOptions,
} from './particle-field';

/** What the field drew: jsdom has no canvas, so a fake 2D context writes it down. */
function fakeContext() {
  const log = {
    arcs: [] as { x: number; y: number; r: number; alpha: number; color: string }[],
    lines: [] as { x1: number; y1: number; x2: number; y2: number }[],
    strokes: [] as { alpha: number; segments: number; color: string }[],
    clears: 0,
    transform: [] as number[],
  };
  let pending: typeof log.lines = [];
  let from = { x: 0, y: 0 };
  const context = {
    globalAlpha: 1,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    setTransform: (...values: number[]) => {
      log.transform = values;
    },
    clearRect: () => {
      log.clears += 1;
      log.arcs = [];
      log.lines = [];
      log.strokes = [];
    },
    beginPath: () => {
      pending = [];
    },
    moveTo: (x: number, y: number) => {
      from = { x, y };
    },
    lineTo: (x: number, y: number) => {
      pending.push({ x1: from.x, y1: from.y, x2: x, y2: y });
    },
    stroke: () => {
      log.lines.push(...pending);
      log.strokes.push({
        alpha: context.globalAlpha,
        segments: pending.length,
        color: context.strokeStyle,
      });
    },
    arc: (x: number, y: number, r: number) => {
      log.arcs.push({ x, y, r, alpha: context.globalAlpha, color: context.fillStyle });
    },
    fill: () => {},
  };
  return { context, log };
}

/** Animation frames the test runs by hand, at the times it chooses. */
function fakeFrames() {
  let nextId = 1;
  const callbacks = new Map<number, FrameRequestCallback>();
  const cancelled: number[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(nextId, callback);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    cancelled.push(id);
    callbacks.delete(id);
  });
  return {
    cancelled,
    pending: () => [...callbacks.keys()],
    run(time: number) {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback(time);
    },
  };
}

/** Resize and intersection observers whose reports the test sends. */
function fakeObservers() {
  const made = {
    resize: [] as { callback: ResizeObserverCallback; targets: Element[]; disconnected: boolean }[],
    intersection: [] as {
      callback: IntersectionObserverCallback;
      targets: Element[];
      disconnected: boolean;
    }[],
  };
  vi.stubGlobal(
    'ResizeObserver',
    class {
      record: (typeof made.resize)[number];
      constructor(callback: ResizeObserverCallback) {
        this.record = { callback, targets: [], disconnected: false };
        made.resize.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof made.intersection)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, targets: [], disconnected: false };
        made.intersection.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  return {
    made,
    resizeTo(width: number, height: number) {
      const entry = { contentRect: { width, height } } as ResizeObserverEntry;
      first(made.resize).callback([entry], {} as ResizeObserver);
    },
    intersecting(isIntersecting: boolean) {
      const entry = { isIntersecting } as IntersectionObserverEntry;
      first(made.intersection).callback([entry], {} as IntersectionObserver);
    },
  };
}

/** The first of `items`, which the test expects to be there. */
function first<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('expected at least one item');
  return item;
}

/** A random source that returns `values` in order, then 0.5. */
function sequence(...values: number[]) {
  return () => values.shift() ?? 0.5;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

// Every field a test starts, stopped after it: a running one would answer the next test's events.
const running: (() => void)[] = [];
function start(options?: Partial<ParticleFieldOptions>) {
  const stop = startParticleField(canvas, options);
  running.push(stop);
  return stop;
}

let canvas: HTMLCanvasElement;
let parent: HTMLDivElement;
let drawn: ReturnType<typeof fakeContext>;
let frames: ReturnType<typeof fakeFrames>;
let observers: ReturnType<typeof fakeObservers>;

beforeEach(() => {
  parent = document.createElement('div');
  canvas = document.createElement('canvas');
  parent.append(canvas);
  document.body.append(parent);
  drawn = fakeContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    drawn.context as unknown as CanvasRenderingContext2D,
  );
  frames = fakeFrames();
  observers = fakeObservers();
  vi.stubGlobal('devicePixelRatio', 1);
});

afterEach(() => {
  for (const stop of running.splice(0)) stop();
  parent.remove();
  // The document's own property again, visible.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

// One particle per 100 × 100 px, so a 100 × 100 field holds exactly the particle a test places.
const ONE_PER_100: Partial<ParticleFieldOptions> = {
  density: 1,
  densityWidth: 100,
  densityHeight: 100,
};

describe('particleCountFor', () => {
  it('puts 70 particles in 1280 × 720 and scales with the area', () => {
    expect(particleCountFor(1280, 720)).toBe(70);
    expect(particleCountFor(640, 720)).toBe(35);
    expect(particleCountFor(2560, 720)).toBe(140);
    // A phone's hero.
    expect(particleCountFor(390, 460)).toBe(14);
  });

  it('has no particles without an area, and no more than the cap on a huge one', () => {
    expect(particleCountFor(0, 720)).toBe(0);
    expect(particleCountFor(1280, 0)).toBe(0);
    expect(particleCountFor(7680, 4320)).toBe(HERO_FIELD.maxCount);
  });
});

describe('startParticleField', () => {
  it('sizes the canvas to its parent, at the device pixel ratio capped at 2', () => {
    vi.stubGlobal('devicePixelRatio', 3);
    start();
    expect(first(observers.made.resize).targets).toEqual([parent]);

    observers.resizeTo(1280, 720);
    expect(canvas.width).toBe(2560);
    expect(canvas.height).toBe(1440);
    expect(drawn.log.transform).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('draws as many particles as the area holds, in the hero colours, and follows resizes', () => {
    start();
    observers.resizeTo(1280, 720);
    frames.run(0);
    expect(drawn.log.arcs).toHaveLength(70);
    for (const arc of drawn.log.arcs) {
      expect(HERO_FIELD.colors).toContain(arc.color);
      expect(arc.r).toBeGreaterThanOrEqual(1);
      expect(arc.r).toBeLessThanOrEqual(3);
      expect(arc.alpha).toBeGreaterThanOrEqual(0.25);
      expect(arc.alpha).toBeLessThanOrEqual(0.7);
      expect(arc.x).toBeGreaterThanOrEqual(0);
      expect(arc.x).toBeLessThanOrEqual(1280);
    }

    observers.resizeTo(390, 460);
    frames.run(16);
    expect(drawn.log.arcs).toHaveLength(14);
    // Those that stayed moved with the field instead of lying beyond its new edge.
    for (const arc of drawn.log.arcs) expect(arc.x).toBeLessThanOrEqual(390 + arc.r);

    observers.resizeTo(2560, 720);
    frames.run(32);
    expect(drawn.log.arcs).toHaveLength(140);
  });

  it('draws at once on a resize, which clears the canvas, rather than a frame later', () => {
    start();
    observers.resizeTo(1280, 720);
    expect(drawn.log.arcs).toHaveLength(70);
  });

  it.each([
    ['right', 0, 0.99, 0.5, (x: number) => x],
    ['left', 0.5, 0.01, 0.5, (x: number) => 100 - x],
    ['down', 0.25, 0.5, 0.99, (_x: number, y: number) => y],
    ['up', 0.75, 0.5, 0.01, (_x: number, y: number) => 100 - y],
  ] as const)(
    'a particle leaving on the %s re-enters from the other side',
    (_side, angle, x, y, progress) => {
      // x, y, direction (a fraction of a turn), radius (the smallest), opacity, colour.
      start({ ...ONE_PER_100, random: sequence(x, y, angle, 0, 0, 0) });
      observers.resizeTo(100, 100);

      const seen: number[] = [];
      for (let time = 0; time <= 1000; time += 16) {
        frames.run(time);
        const arc = first(drawn.log.arcs);
        seen.push(progress(arc.x, arc.y));
        expect(arc.x).toBeGreaterThanOrEqual(-1);
        expect(arc.x).toBeLessThanOrEqual(101);
        expect(arc.y).toBeGreaterThanOrEqual(-1);
        expect(arc.y).toBeLessThanOrEqual(101);
      }
      // It went out past the far edge, came back in before the near one, and kept going.
      const wrap = seen.findIndex((value, i) => i > 0 && value < seen[i - 1]!);
      expect(wrap).toBeGreaterThan(0);
      expect(seen[wrap - 1]).toBeGreaterThan(100);
      expect(seen[wrap]).toBeLessThan(0);
      expect(seen.at(-1)).toBeGreaterThan(seen[wrap]!);
    },
  );

  it('moves as far in a second at 30 frames a second as at 120, and not at all across a pause', () => {
    const finalX = (perSecond: number) => {
      const stop = start({
        ...ONE_PER_100,
        random: sequence(0.1, 0.5, 0, 0, 0, 0),
      });
      observers.resizeTo(100, 100);
      observers.made.resize.shift();
      for (let frame = 0; frame <= perSecond; frame++) frames.run((frame * 1000) / perSecond);
      const { x } = first(drawn.log.arcs);
      stop();
      return x;
    };
    const at30 = finalX(30);
    const at120 = finalX(120);
    // 18 px a second from x = 10.
    expect(at30).toBeCloseTo(28, 1);
    expect(at120).toBeCloseTo(28, 1);

    // A frame after a long stall moves a tenth of a second's worth, not the whole stall's.
    start({ ...ONE_PER_100, random: sequence(0.1, 0.5, 0, 0, 0, 0) });
    observers.resizeTo(100, 100);
    frames.run(0);
    frames.run(5000);
    expect(first(drawn.log.arcs).x).toBeCloseTo(11.8, 1);
  });

  it('draws at most 30 frames a second, however fast the display asks', () => {
    start({ ...ONE_PER_100 });
    observers.resizeTo(100, 100);
    const clearsBefore = drawn.log.clears;
    // One second of a 120 Hz display.
    for (let frame = 0; frame <= 120; frame++) frames.run((frame * 1000) / 120);
    expect(drawn.log.clears - clearsBefore).toBe(31);
  });

  it('keeps still, as last drawn, once it has moved for 8 seconds', () => {
    start({ ...ONE_PER_100, random: sequence(0.1, 0.5, 0, 0, 0, 0) });
    observers.resizeTo(100, 100);
    let time = 0;
    for (; frames.pending().length > 0 && time < 20_000; time += 1000 / 30) frames.run(time);
    expect(frames.pending()).toEqual([]);
    expect(time).toBeGreaterThan(7900);
    expect(time).toBeLessThan(8200);
    expect(canvas.dataset.still).toBe('ran');
    const { x } = first(drawn.log.arcs);
    // Shown again and back on screen: it stays as it is.
    setVisibility('hidden');
    setVisibility('visible');
    observers.intersecting(true);
    expect(frames.pending()).toEqual([]);
    // A resize redraws it where it stood.
    observers.resizeTo(100, 100 + 1);
    expect(first(drawn.log.arcs).x).toBeCloseTo(x, 3);
  });

  it('keeps still at once where a frame costs more than 10 ms to draw', () => {
    let now = 0;
    // Every reading of the clock 12 ms after the last: moving and drawing a frame costs 12 ms.
    const slowClock = () => (now += 12);
    start({ ...ONE_PER_100, clock: slowClock });
    observers.resizeTo(100, 100);
    for (let frame = 0; frame < 10; frame++) frames.run((frame * 1000) / 30);
    expect(frames.pending()).toEqual([]);
    expect(canvas.dataset.still).toBe('costly');
    observers.made.resize.shift();

    // Where a frame costs 4 ms, it goes on.
    const cheapClock = () => (now += 4);
    start({ ...ONE_PER_100, clock: cheapClock });
    observers.resizeTo(100, 100);
    for (let frame = 0; frame < 10; frame++) frames.run((frame * 1000) / 30);
    expect(frames.pending()).toHaveLength(1);
  });

  it('judges a frame by the median cost: one slow frame (compiled, collected) does not stop it', () => {
    // A clock read twice a frame, before and after: each frame costs the next of `costs`.
    const costing = (costs: number[]) => {
      let now = 0;
      let reads = 0;
      return () => {
        reads += 1;
        if (reads % 2 === 0) now += costs[reads / 2 - 1] ?? 0;
        return now;
      };
    };
    // Nine frames of 4 ms and one of 80: a mean of 11.6 ms, a median of 4.
    const stop = start({ ...ONE_PER_100, clock: costing([80, 4, 4, 4, 4, 4, 4, 4, 4, 4]) });
    observers.resizeTo(100, 100);
    for (let frame = 0; frame < 10; frame++) frames.run((frame * 1000) / 30);
    expect(frames.pending()).toHaveLength(1);
    expect(canvas.dataset.still).toBeUndefined();
    stop();
    observers.made.resize.shift();

    // Six frames of 12 ms in ten: the device is slow.
    start({ ...ONE_PER_100, clock: costing([4, 12, 4, 12, 12, 4, 12, 4, 12, 12]) });
    observers.resizeTo(100, 100);
    for (let frame = 0; frame < 10; frame++) frames.run((frame * 1000) / 30);
    expect(frames.pending()).toEqual([]);
    expect(canvas.dataset.still).toBe('costly');
  });

  it('links particles closer than 140 px, fainter with distance, in one stroke per step', () => {
    const twoAt = (gap: number) => {
      // Two particles on one row, `gap` apart, standing still in a 1000 × 100 field.
      const stop = start({
        density: 2,
        densityWidth: 1000,
        densityHeight: 100,
        speed: 0,
        random: sequence(0.1, 0.5, 0, 0, 0, 0, 0.1 + gap / 1000, 0.5, 0, 0, 0, 0),
      });
      observers.resizeTo(1000, 100);
      observers.made.resize.shift();
      stop();
      return drawn.log.strokes;
    };

    expect(twoAt(150)).toEqual([]);
    const near = twoAt(20);
    const far = twoAt(120);
    expect(near).toHaveLength(1);
    expect(near[0]).toMatchObject({ segments: 1, color: '#9fc2ff' });
    expect(far).toHaveLength(1);
    expect(first(near).alpha).toBeLessThanOrEqual(0.25);
    expect(first(far).alpha).toBeGreaterThan(0);
    expect(first(far).alpha).toBeLessThan(first(near).alpha);
    expect(drawn.log.lines).toEqual([{ x1: 100, y1: 50, x2: 220, y2: 50 }]);
  });

  it('pauses while the tab is hidden and resumes when it is shown', () => {
    start();
    observers.resizeTo(1280, 720);
    const [first] = frames.pending();
    expect(first).toBeDefined();

    setVisibility('hidden');
    expect(frames.cancelled).toEqual([first]);
    expect(frames.pending()).toEqual([]);

    setVisibility('visible');
    expect(frames.pending()).toHaveLength(1);
  });

  it('pauses while the canvas is off screen and resumes when it is back', () => {
    start();
    expect(first(observers.made.intersection).targets).toEqual([canvas]);
    observers.resizeTo(1280, 720);
    frames.run(0);

    observers.intersecting(false);
    expect(frames.pending()).toEqual([]);
    observers.intersecting(true);
    expect(frames.pending()).toHaveLength(1);
  });

  it('does not animate an empty field', () => {
    start();
    observers.resizeTo(0, 0);
    expect(frames.pending()).toEqual([]);
  });

  it('stop() cancels the frame, disconnects the observers and ignores later events', () => {
    const stop = start();
    observers.resizeTo(1280, 720);
    frames.run(0);
    const [pending] = frames.pending();

    stop();
    expect(frames.cancelled).toEqual([pending]);
    expect(frames.pending()).toEqual([]);
    expect(first(observers.made.resize).disconnected).toBe(true);
    expect(first(observers.made.intersection).disconnected).toBe(true);

    setVisibility('hidden');
    setVisibility('visible');
    expect(frames.pending()).toEqual([]);
  });

  it('without a 2D context, does nothing and stops cleanly', () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValue(null);
    const stop = start();
    expect(observers.made.resize).toEqual([]);
    expect(frames.pending()).toEqual([]);
    expect(() => stop()).not.toThrow();
  });
});
