import { useEffect, useId, useRef, useState } from "react";

export const DEFAULT_LOGO_SRC = "/logo.svg";

/**
 * The configured logo, or the built-in one when none is configured or the
 * configured image cannot be loaded (also when it failed before hydration).
 */
export function Logo({ src, width }: { src?: string; width: number }) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const imageRef = useRef<HTMLImageElement>(null);
  const configured = src && src !== DEFAULT_LOGO_SRC && src !== failedSrc ? src : undefined;

  useEffect(() => {
    const image = imageRef.current;
    if (src && image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  if (!configured) return <DefaultLogo width={width} />;
  return (
    <img
      ref={imageRef}
      src={configured}
      width={width}
      height={Math.round(width / 5)}
      alt="Digital Frontier"
      className="h-auto max-h-14 object-contain object-left"
      style={{ width }}
      onError={() => setFailedSrc(src)}
    />
  );
}

/**
 * The built-in logo (the drawing of public/logo.svg) drawn in the page itself: as an image,
 * an SVG costs the browser a document of its own, 25-55 ms of main-thread work on a slow
 * machine for a 776-byte file (decision 744).
 */
function DefaultLogo({ width }: { width: number }) {
  const gradient = `logo-gradient${useId()}`;
  const paint = `url(#${gradient})`;
  const font = "Space Grotesk,Inter,system-ui,sans-serif";
  return (
    <svg
      viewBox="0 0 240 48"
      width={width}
      height={Math.round(width / 5)}
      role="img"
      aria-label="Digital Frontier"
      data-default-logo="true"
      className="h-auto max-h-14"
      style={{ width }}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset=".55" stopColor="#a855f7" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <path d="M24 3 44 14.5v19L24 45 4 33.5v-19Z" fill="none" stroke={paint} strokeWidth="3.5" />
      <path d="M16 17h13l-3 5h-5v3h7l-3 5h-4v6h-5Z" fill={paint} />
      <text
        x="56"
        y="23"
        fontFamily={font}
        fontSize="17"
        fontWeight="700"
        fill="#fff"
        letterSpacing=".5"
      >
        DIGITAL
      </text>
      {/* The words read "DIGITAL FRONTIER", not "DIGITALFRONTIER", inside a link's name. */}{" "}
      <text
        x="56"
        y="41"
        fontFamily={font}
        fontSize="17"
        fontWeight="700"
        fill="#f97316"
        letterSpacing="3"
      >
        FRONTIER
      </text>
    </svg>
  );
}
