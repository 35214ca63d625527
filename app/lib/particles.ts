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
