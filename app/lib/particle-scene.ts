/**
 * The particle background's animation loop, the same in a worker (drawing on OffscreenCanvases
 * the page handed over) and on the page's main thread where a browser has no OffscreenCanvas.
 */
import {
  cycleColour,
  drawGlow,
  drawParticles,
  fitParticles,
  moveParticles,
  type Particle,
  REDUCED_MOTION_FACTOR,
} from "./particles";

/**
 * The glow is a soft gradient whose colour moves over a minute: it is drawn on a canvas at an
 * eighth of the size (stretched by CSS, which looks the same for a blur) a few times a second,
 * so each frame only redraws the particles and their links.
 */
export const GLOW_SCALE = 8;
const GLOW_REDRAW_MS = 250;

export type SceneSize = { width: number; height: number; ratio: number };

/** Messages the page sends the particle worker. */
export type SceneMessage =
  | {
      type: "start";
      canvas: OffscreenCanvas;
      glow: OffscreenCanvas;
      size: SceneSize;
      isReduced: boolean;
      isRunning: boolean;
    }
  | { type: "resize"; size: SceneSize }
  | { type: "motion"; isReduced: boolean }
  | { type: "run"; isRunning: boolean };

type SceneCanvas = {
  width: number;
  height: number;
  getContext(kind: "2d"): unknown;
};
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export type SceneOptions = {
  canvas: SceneCanvas;
  glow: SceneCanvas;
  requestFrame: (callback: (now: number) => void) => number;
  cancelFrame: (id: number) => void;
  now: () => number;
  /** Called once, after the first frame is drawn. */
  onFirstFrame?: () => void;
};

export function createParticleScene(options: SceneOptions) {
  const context = options.canvas.getContext("2d") as Context | null;
  const glowContext = options.glow.getContext("2d") as Context | null;
  let particles: Particle[] = [];
  let width = 0;
  let height = 0;
  let speed = 1;
  let clock = 0;
  let last = options.now();
  let glowDrawnAt = Number.NEGATIVE_INFINITY;
  let frame = 0;
  let isRunning = false;
  let hasDrawn = false;

  function draw(now: number) {
    if (!context || !glowContext) return;
    const delta = Math.min(now - last, 64);
    last = now;
    clock += delta * speed;
    const colour = cycleColour(clock);
    if (now - glowDrawnAt >= GLOW_REDRAW_MS) {
      drawGlow(glowContext, colour, options.glow.width, options.glow.height);
      glowDrawnAt = now;
    }
    moveParticles(particles, (delta / 16) * speed, width, height);
    drawParticles(context, particles, colour, width, height);
    if (!hasDrawn) {
      hasDrawn = true;
      options.onFirstFrame?.();
    }
    frame = options.requestFrame(draw);
  }

  return {
    resize(size: SceneSize) {
      width = size.width;
      height = size.height;
      options.canvas.width = Math.round(width * size.ratio);
      options.canvas.height = Math.round(height * size.ratio);
      context?.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
      options.glow.width = Math.max(1, Math.ceil(width / GLOW_SCALE));
      options.glow.height = Math.max(1, Math.ceil(height / GLOW_SCALE));
      glowDrawnAt = Number.NEGATIVE_INFINITY;
      particles = fitParticles(particles, width, height);
    },
    setReduced(isReduced: boolean) {
      speed = isReduced ? REDUCED_MOTION_FACTOR : 1;
    },
    setRunning(running: boolean) {
      if (running === isRunning) return;
      isRunning = running;
      options.cancelFrame(frame);
      if (running) {
        last = options.now();
        frame = options.requestFrame(draw);
      }
    },
    get particleCount() {
      return particles.length;
    },
  };
}
