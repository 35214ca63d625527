/** Constants and pure maths of the particle background, kept apart so they can be tested. */
export const AREA_PER_PARTICLE = 32000;
export const LINK_DISTANCE = 140;
export const MAX_PIXEL_RATIO = 2;
export const COLOUR_CYCLE_MS = 60000;
/** Under prefers-reduced-motion everything moves this many times slower. */
export const REDUCED_MOTION_FACTOR = 0.2;

const palette: Array<[number, number, number]> = [
  [59, 130, 246], // blue
  [249, 115, 22], // orange
  [168, 85, 247], // purple
];

export function particleCount(width: number, height: number) {
  return Math.max(1, Math.round((width * height) / AREA_PER_PARTICLE));
}

export function pixelRatio(devicePixelRatio: number) {
  return Math.min(Math.max(devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
}

/** The colour at a point of the 60 s cycle blue -> orange -> purple -> blue. */
export function cycleColour(elapsedMs: number): [number, number, number] {
  const phase =
    (((elapsedMs % COLOUR_CYCLE_MS) + COLOUR_CYCLE_MS) % COLOUR_CYCLE_MS) / COLOUR_CYCLE_MS;
  const scaled = phase * palette.length;
  const index = Math.floor(scaled);
  const mix = scaled - index;
  const from = palette[index % palette.length];
  const to = palette[(index + 1) % palette.length];
  return [0, 1, 2].map((channel) =>
    Math.round(from[channel] + (to[channel] - from[channel]) * mix),
  ) as [number, number, number];
}

export type Particle = { x: number; y: number; vx: number; vy: number; r: number };

/** What a frame needs from a 2D context: the page's canvas and a worker's OffscreenCanvas both have it. */
type Context2D = Pick<
  CanvasRenderingContext2D,
  | "clearRect"
  | "beginPath"
  | "moveTo"
  | "lineTo"
  | "stroke"
  | "arc"
  | "fill"
  | "createRadialGradient"
  | "fillRect"
> & { strokeStyle: unknown; fillStyle: unknown; lineWidth: number };

/** Keeps the particles already placed and adds or drops some to fit a new size. */
export function fitParticles(
  particles: Particle[],
  width: number,
  height: number,
  random = Math.random,
): Particle[] {
  return Array.from(
    { length: particleCount(width, height) },
    (_, index) =>
      particles[index] ?? {
        x: random() * width,
        y: random() * height,
        vx: (random() - 0.5) * 0.35,
        vy: (random() - 0.5) * 0.35,
        r: 1 + random() * 1.6,
      },
  );
}

/** Moves every particle `step` sixtieths of a second, bouncing off the edges. */
export function moveParticles(particles: Particle[], step: number, width: number, height: number) {
  for (const particle of particles) {
    particle.x += particle.vx * step;
    particle.y += particle.vy * step;
    if (particle.x < 0 || particle.x > width) particle.vx *= -1;
    if (particle.y < 0 || particle.y > height) particle.vy *= -1;
  }
}

/** One frame: a line between particles closer than LINK_DISTANCE (fainter as they part), then the dots. */
export function drawParticles(
  context: Context2D,
  particles: Particle[],
  [r, g, b]: [number, number, number],
  width: number,
  height: number,
) {
  context.clearRect(0, 0, width, height);
  context.lineWidth = 1;
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i];
    for (let j = i + 1; j < particles.length; j++) {
      const other = particles[j];
      const distance = Math.hypot(a.x - other.x, a.y - other.y);
      if (distance < LINK_DISTANCE) {
        context.strokeStyle = `rgba(${r},${g},${b},${(1 - distance / LINK_DISTANCE) * 0.35})`;
        context.beginPath();
        context.moveTo(a.x, a.y);
        context.lineTo(other.x, other.y);
        context.stroke();
      }
    }
  }
  context.fillStyle = `rgba(${r},${g},${b},0.85)`;
  for (const particle of particles) {
    context.beginPath();
    context.arc(particle.x, particle.y, particle.r, 0, Math.PI * 2);
    context.fill();
  }
}

/** The soft glow in the upper right, on a canvas of any size (stretched by CSS). */
export function drawGlow(
  context: Context2D,
  [r, g, b]: [number, number, number],
  width: number,
  height: number,
) {
  context.clearRect(0, 0, width, height);
  const glow = context.createRadialGradient(
    width * 0.75,
    height * 0.2,
    0,
    width * 0.75,
    height * 0.2,
    Math.max(width, height) * 0.6,
  );
  glow.addColorStop(0, `rgba(${r},${g},${b},0.16)`);
  glow.addColorStop(1, "rgba(5,7,15,0)");
  context.fillStyle = glow;
  context.fillRect(0, 0, width, height);
}
