/** The widths the media library renders uploads at (server/media/media.ts IMAGE_WIDTHS). */
const RENDITION_WIDTHS = [480, 960, 1600];

const uploadPattern = /^(\/uploads\/images\/[0-9a-f]{32})-(\d+)\.(webp|avif)$/;

/** An uploaded image's name without its size and format, and the largest width stored. */
export function uploadedImageOf(src: string | null | undefined) {
  const match = src ? uploadPattern.exec(src) : null;
  return match ? { base: match[1], largest: Number(match[2]) } : undefined;
}

/**
 * For an uploaded image (stored as AVIF and WebP renditions up to the width in
 * its URL), the srcsets a <picture> offers; undefined for anything else (our SVGs
 * scale to any width by themselves).
 */
export function renditionsOf(src: string | null | undefined) {
  const match = src ? uploadPattern.exec(src) : null;
  if (!match) return undefined;
  const [, base, largest] = match;
  const widths = [...RENDITION_WIDTHS.filter((width) => width < Number(largest)), Number(largest)];
  const srcSet = (format: string) =>
    widths.map((width) => `${base}-${width}.${format} ${width}w`).join(", ");
  return { avif: srcSet("avif"), webp: srcSet("webp"), smallest: `${base}-${widths[0]}.webp` };
}
