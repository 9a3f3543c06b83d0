/**
 * The hero's animated particle field (docs/PRODUCT_SPEC.md, Home), drawn on one canvas by hand.
 * A particle library spent most of its start-up setting up an engine and plugins this field never
 * uses; here set-up is a few typed arrays, and each frame is a loop over them.
 *
 * Positions, sizes and speeds are in CSS pixels; the canvas's backing store is scaled by the device
 * pixel ratio once per resize, so nothing in the frame loop thinks about it.
 */

export interface ParticleFieldOptions {
  /** Particles per `densityWidth` × `densityHeight` CSS pixels: a phone gets fewer. */
  density: number;
  densityWidth: number;
  densityHeight: number;
  /** Links cost the square of the count: a bound on the work of one frame, whatever the screen. */
  maxCount: number;
  colors: readonly string[];
  opacity: { min: number; max: number };
  radius: { min: number; max: number };
  /** Particles closer than this (CSS px) are linked, the more faintly the farther apart. */
  linkDistance: number;
  linkColor: string;
  /** The opacity of a link between two particles at the same spot. */
  linkOpacity: number;
  linkWidth: number;
  /** CSS pixels per second, the same at any frame rate. */
  speed: number;
  maxPixelRatio: number;
  /**
   * Frames drawn per second at most: decoration, not a game. Each frame of a software-rendered
   * canvas (Chromium without a GPU) costs the main thread whatever the rate.
   */
  maxFps: number;
  /** How long the field moves before it keeps still as it is (ms): a picture after that. */
  runForMs: number;
  /**
   * What one frame (moving and drawing) may cost on this device (ms, the median of the first
   * `costFrames`): past it the browser cannot draw the field cheaply, and it keeps still at once.
   * The median, since one of those frames may be compiled, collected or descheduled (a 15 ms first
   * frame where the others cost 0.3 ms, measured in Chromium here) without the device being slow.
   */
  maxFrameCostMs: number;
  costFrames: number;
  /** A number in [0, 1); tests pass their own to place particles where they want them. */
  random: () => number;
  /** The clock frames are costed by; tests pass their own. */
  clock: () => number;
}

export const HERO_FIELD: ParticleFieldOptions = {
  density: 70,
  densityWidth: 1280,
  densityHeight: 720,
  maxCount: 200,
  colors: ['#f2c14e', '#9fc2ff', '#ffffff'],
  opacity: { min: 0.25, max: 0.7 },
  radius: { min: 1, max: 3 },
  linkDistance: 140,
  linkColor: '#9fc2ff',
  linkOpacity: 0.25,
  linkWidth: 1,
  // The library's `speed: 0.6` moved a particle half that far per 60 Hz frame: 0.3 px × 60.
  speed: 18,
  // Beyond 2 the field looks no sharper and costs up to twice as many pixels to clear and fill.
  maxPixelRatio: 2,
  maxFps: 30,
  runForMs: 8000,
  // A fifth of the 50 ms that makes a long task: well within a frame on any device that has one.
  maxFrameCostMs: 10,
  costFrames: 10,
  random: Math.random,
  clock: () => performance.now(),
};

/** How many particles a field of this size shows. */
export function particleCountFor(
  width: number,
  height: number,
  options: Pick<
    ParticleFieldOptions,
    'density' | 'densityWidth' | 'densityHeight' | 'maxCount'
  > = HERO_FIELD,
): number {
  if (width <= 0 || height <= 0) return 0;
  const count = Math.round(
    (options.density * width * height) / (options.densityWidth * options.densityHeight),
  );
  return Math.min(count, options.maxCount);
}

// Link opacities are rounded to this many steps so that each step is one path and one stroke.
const LINK_LEVELS = 8;
// After a long frame (a busy main thread, a background tab catching up) particles must not jump.
const MAX_STEP_MS = 100;
const TAU = Math.PI * 2;

/** The middle value (the upper of the two middle ones for an even count). */
function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1] ?? 0;
}

/**
 * Starts the field on `canvas`, sized to its parent and following it, and returns `stop`. It runs
 * only while the tab is visible and the canvas on screen.
 */
export function startParticleField(
  canvas: HTMLCanvasElement,
  overrides: Partial<ParticleFieldOptions> = {},
): () => void {
  const options = { ...HERO_FIELD, ...overrides };
  const context = canvas.getContext('2d');
  const parent = canvas.parentElement;
  if (!context || !parent) return () => {};
  const ctx: CanvasRenderingContext2D = context;
  const random = options.random;
  const colorCount = options.colors.length;
  const pxPerMs = options.speed / 1000;
  const maxLinkSquared = options.linkDistance * options.linkDistance;

  let width = 0;
  let height = 0;
  let pixelRatio = 0;
  let count = 0;
  // Struct of arrays, grown on resize only, so the frame loop allocates nothing.
  let xs = new Float32Array(0);
  let ys = new Float32Array(0);
  let dxs = new Float32Array(0);
  let dys = new Float32Array(0);
  let radii = new Float32Array(0);
  let alphas = new Float32Array(0);
  let colorOf = new Uint8Array(0);
  // Room for every pair: a dense moment never has to grow these mid-frame.
  let linkFrom = new Uint16Array(0);
  let linkTo = new Uint16Array(0);
  let linkLevel = new Uint8Array(0);
  const levelCounts = new Uint32Array(LINK_LEVELS);

  let frame = 0;
  let lastTime = -1;
  // Time moved so far (paused time excluded), and what the frames drawn so far cost.
  let movedMs = 0;
  let costedFrames = 0;
  const frameCosts = new Float64Array(options.costFrames);
  // Kept still for good: it ran its time, or this device draws it too slowly.
  let still = false;
  let pageVisible = document.visibilityState !== 'hidden';
  // The hero is at the top of the page: assume it is in view until the observer says otherwise.
  let onScreen = true;

  function placeParticle(i: number) {
    xs[i] = random() * width;
    ys[i] = random() * height;
    const angle = random() * TAU;
    dxs[i] = Math.cos(angle);
    dys[i] = Math.sin(angle);
    radii[i] = options.radius.min + random() * (options.radius.max - options.radius.min);
    alphas[i] = options.opacity.min + random() * (options.opacity.max - options.opacity.min);
    colorOf[i] = Math.min(colorCount - 1, Math.floor(random() * colorCount));
  }

  function grow(capacity: number) {
    const copy = <T extends Float32Array | Uint8Array>(from: T, to: T) => {
      to.set(from.subarray(0, count));
      return to;
    };
    xs = copy(xs, new Float32Array(capacity));
    ys = copy(ys, new Float32Array(capacity));
    dxs = copy(dxs, new Float32Array(capacity));
    dys = copy(dys, new Float32Array(capacity));
    radii = copy(radii, new Float32Array(capacity));
    alphas = copy(alphas, new Float32Array(capacity));
    colorOf = copy(colorOf, new Uint8Array(capacity));
    const pairs = (capacity * (capacity - 1)) / 2;
    linkFrom = new Uint16Array(pairs);
    linkTo = new Uint16Array(pairs);
    linkLevel = new Uint8Array(pairs);
  }

  function resize(newWidth: number, newHeight: number) {
    const ratio = Math.min(options.maxPixelRatio, window.devicePixelRatio || 1);
    if (newWidth === width && newHeight === height && ratio === pixelRatio) return;
    pixelRatio = ratio;
    // Setting the size clears the canvas and resets its transform.
    canvas.width = Math.round(newWidth * ratio);
    canvas.height = Math.round(newHeight * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);

    // Particles keep their place relative to the field instead of bunching up at an edge.
    if (width > 0 && height > 0) {
      const scaleX = newWidth / width;
      const scaleY = newHeight / height;
      for (let i = 0; i < count; i++) {
        xs[i]! *= scaleX;
        ys[i]! *= scaleY;
      }
    }
    width = newWidth;
    height = newHeight;

    const wanted = particleCountFor(width, height, options);
    if (wanted > xs.length) grow(wanted);
    for (let i = count; i < wanted; i++) placeParticle(i);
    count = wanted;
    // The resize has just cleared the canvas; without this it stays blank until the next frame.
    draw();
    update();
  }

  function step(elapsedMs: number) {
    const distance = elapsedMs * pxPerMs;
    for (let i = 0; i < count; i++) {
      const r = radii[i]!;
      let x = xs[i]! + dxs[i]! * distance;
      let y = ys[i]! + dys[i]! * distance;
      // Wholly out of one side, back in at the other: the field never thins out.
      if (x > width + r) x -= width + 2 * r;
      else if (x < -r) x += width + 2 * r;
      if (y > height + r) y -= height + 2 * r;
      else if (y < -r) y += height + 2 * r;
      xs[i] = x;
      ys[i] = y;
    }
  }

  function draw() {
    ctx.clearRect(0, 0, width, height);

    let links = 0;
    levelCounts.fill(0);
    for (let i = 0; i < count; i++) {
      const x = xs[i]!;
      const y = ys[i]!;
      for (let j = i + 1; j < count; j++) {
        const dx = xs[j]! - x;
        const dy = ys[j]! - y;
        const squared = dx * dx + dy * dy;
        if (squared >= maxLinkSquared) continue;
        const fade = 1 - Math.sqrt(squared) / options.linkDistance;
        const level = Math.min(LINK_LEVELS - 1, Math.floor(fade * LINK_LEVELS));
        linkFrom[links] = i;
        linkTo[links] = j;
        linkLevel[links] = level;
        levelCounts[level]!++;
        links++;
      }
    }
    // Links first, so that the particles sit on top of them.
    ctx.strokeStyle = options.linkColor;
    ctx.lineWidth = options.linkWidth;
    for (let level = 0; level < LINK_LEVELS; level++) {
      if (levelCounts[level] === 0) continue;
      ctx.globalAlpha = (options.linkOpacity * (level + 0.5)) / LINK_LEVELS;
      ctx.beginPath();
      for (let k = 0; k < links; k++) {
        if (linkLevel[k] !== level) continue;
        const from = linkFrom[k]!;
        const to = linkTo[k]!;
        ctx.moveTo(xs[from]!, ys[from]!);
        ctx.lineTo(xs[to]!, ys[to]!);
      }
      ctx.stroke();
    }

    for (let c = 0; c < colorCount; c++) {
      ctx.fillStyle = options.colors[c]!;
      for (let i = 0; i < count; i++) {
        if (colorOf[i] !== c) continue;
        ctx.globalAlpha = alphas[i]!;
        ctx.beginPath();
        ctx.arc(xs[i]!, ys[i]!, radii[i]!, 0, TAU);
        ctx.fill();
      }
    }
    ctx.globalAlpha = 1;
  }

  function onFrame(now: number) {
    frame = window.requestAnimationFrame(onFrame);
    // A frame comes at most every 1/maxFps s; a display's faster frames are skipped.
    if (lastTime >= 0 && now - lastTime < 1000 / options.maxFps - 1) return;
    const elapsed = lastTime < 0 ? 0 : Math.min(now - lastTime, MAX_STEP_MS);
    lastTime = now;
    const started = options.clock();
    step(elapsed);
    draw();
    movedMs += elapsed;
    if (costedFrames < options.costFrames) {
      frameCosts[costedFrames] = options.clock() - started;
      costedFrames += 1;
      if (costedFrames === options.costFrames && median(frameCosts) > options.maxFrameCostMs) {
        keepStill('costly');
      }
    }
    if (movedMs >= options.runForMs) keepStill('ran');
  }

  /**
   * Stops moving for good; what was drawn last stays on the canvas (redrawn on a resize). Why is
   * left on the canvas (`data-still`), for whoever wonders why it does not move.
   */
  function keepStill(why: 'costly' | 'ran') {
    still = true;
    canvas.dataset.still = why;
    update();
  }

  function update() {
    const run = !still && pageVisible && onScreen && count > 0;
    if (run && frame === 0) {
      // Time spent paused is not time to move through.
      lastTime = -1;
      frame = window.requestAnimationFrame(onFrame);
    } else if (!run && frame !== 0) {
      window.cancelAnimationFrame(frame);
      frame = 0;
    }
  }

  const onVisibilityChange = () => {
    pageVisible = document.visibilityState !== 'hidden';
    update();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);

  // Both observers report once right after observe(), after layout: measuring here instead would
  // force a layout of the page that is still loading.
  let resizeObserver: ResizeObserver | undefined;
  if (typeof ResizeObserver === 'function') {
    resizeObserver = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) resize(entry.contentRect.width, entry.contentRect.height);
    });
    resizeObserver.observe(parent);
  } else {
    resize(parent.clientWidth, parent.clientHeight);
  }

  let intersectionObserver: IntersectionObserver | undefined;
  if (typeof IntersectionObserver === 'function') {
    intersectionObserver = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      onScreen = entry.isIntersecting;
      update();
    });
    intersectionObserver.observe(canvas);
  }

  return () => {
    if (frame !== 0) window.cancelAnimationFrame(frame);
    frame = 0;
    // A stopped field stays stopped, whatever a late observer callback or event says.
    pageVisible = false;
    document.removeEventListener('visibilitychange', onVisibilityChange);
    resizeObserver?.disconnect();
    intersectionObserver?.disconnect();
  };
}
