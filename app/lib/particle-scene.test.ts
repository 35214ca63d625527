import { describe, expect, it } from "vitest";
import { createParticleScene } from "./particle-scene";
import { drawParticles, type Particle } from "./particles";

/** A 2D context that records what is drawn. */
function recordingContext() {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (..._args: unknown[]) => {
      calls.push(name);
    };
  return {
    calls,
    strokeStyle: "",
    fillStyle: "" as unknown,
    lineWidth: 0,
    clearRect: record("clearRect"),
    beginPath: record("beginPath"),
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    stroke: record("stroke"),
    arc: record("arc"),
    fill: record("fill"),
    fillRect: record("fillRect"),
    setTransform: record("setTransform"),
    createRadialGradient: () => ({ addColorStop() {} }),
  };
}

function fakeCanvas() {
  const context = recordingContext();
  return { width: 0, height: 0, context, getContext: () => context };
}

/** Frames that run only when the test says so. */
function manualFrames() {
  let next = 1;
  const pending = new Map<number, (now: number) => void>();
  let now = 0;
  return {
    requestFrame: (callback: (now: number) => void) => {
      pending.set(next, callback);
      return next++;
    },
    cancelFrame: (id: number) => pending.delete(id),
    now: () => now,
    get pending() {
      return pending.size;
    },
    tick(ms = 16) {
      now += ms;
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback(now);
    },
  };
}

function setUp() {
  const canvas = fakeCanvas();
  const glow = fakeCanvas();
  const frames = manualFrames();
  let firstFrames = 0;
  const scene = createParticleScene({
    canvas,
    glow,
    ...frames,
    onFirstFrame: () => firstFrames++,
  });
  scene.resize({ width: 412, height: 823, ratio: 1.75 });
  return { canvas, glow, frames, scene, firstFrames: () => firstFrames };
}

describe("the particle scene", () => {
  it("sizes both canvases and draws a frame of particles once running", () => {
    const { canvas, glow, frames, scene, firstFrames } = setUp();
    expect([canvas.width, canvas.height]).toEqual([721, 1440]);
    expect([glow.width, glow.height]).toEqual([52, 103]);
    expect(scene.particleCount).toBe(11);
    scene.setRunning(true);
    frames.tick();
    expect(canvas.context.calls.filter((call) => call === "arc")).toHaveLength(11);
    expect(glow.context.calls).toContain("fillRect");
    expect(firstFrames()).toBe(1);
    frames.tick();
    expect(firstFrames()).toBe(1);
  });

  it("schedules no frame while paused, and draws again when resumed", () => {
    const { canvas, frames, scene } = setUp();
    scene.setRunning(true);
    frames.tick();
    scene.setRunning(false);
    expect(frames.pending).toBe(0);
    const drawn = canvas.context.calls.length;
    frames.tick();
    expect(canvas.context.calls.length).toBe(drawn);
    scene.setRunning(true);
    frames.tick();
    expect(canvas.context.calls.length).toBeGreaterThan(drawn);
  });
});

describe("drawing the particles", () => {
  it("links particles closer than 140 px and no others", () => {
    const context = recordingContext();
    const at = (x: number, y: number): Particle => ({ x, y, vx: 0, vy: 0, r: 1 });
    drawParticles(context, [at(0, 0), at(100, 0), at(400, 400)], [1, 2, 3], 500, 500);
    expect(context.calls.filter((call) => call === "stroke")).toHaveLength(1);
    expect(context.calls.filter((call) => call === "fill")).toHaveLength(3);
  });
});
