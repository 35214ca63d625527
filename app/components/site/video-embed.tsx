import { useState } from "react";

/**
 * A YouTube video that loads nothing from YouTube until the visitor asks:
 * a thumbnail and a play button, then the privacy-enhanced player.
 */
export function VideoEmbed({
  videoId,
  title,
  thumbnailUrl,
}: {
  videoId: string;
  title: string;
  thumbnailUrl: string | null;
}) {
  const [isLoaded, setIsLoaded] = useState(false);
  if (isLoaded) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1`}
        title={`Video: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        className="aspect-video w-full rounded-xl border-0"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setIsLoaded(true)}
      className="group relative block aspect-video w-full overflow-hidden rounded-xl bg-ink-800 text-left"
    >
      {thumbnailUrl ? (
        <img
          src={thumbnailUrl}
          alt=""
          width={480}
          height={270}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover opacity-80 transition group-hover:opacity-100"
        />
      ) : null}
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink-950/40">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-frontier-orange text-2xl text-ink-950"
        >
          ▶
        </span>
        <span className="rounded bg-ink-950/80 px-3 py-1 text-sm text-white">
          Play video: {title}
        </span>
        <span className="text-xs text-mist-300">Loads the player from youtube-nocookie.com</span>
      </span>
    </button>
  );
}
