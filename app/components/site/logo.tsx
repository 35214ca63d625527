import { useEffect, useRef, useState } from "react";

export const DEFAULT_LOGO_SRC = "/logo.svg";

/**
 * The configured logo, or the built-in one when none is configured or the
 * configured image cannot be loaded (also when it failed before hydration).
 */
export function Logo({ src, width }: { src?: string; width: number }) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const imageRef = useRef<HTMLImageElement>(null);
  const effective = src && src !== failedSrc ? src : DEFAULT_LOGO_SRC;

  useEffect(() => {
    const image = imageRef.current;
    if (src && image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  return (
    <img
      ref={imageRef}
      src={effective}
      width={width}
      height={Math.round(width / 5)}
      alt="Digital Frontier"
      data-default-logo={effective === DEFAULT_LOGO_SRC ? "true" : undefined}
      className="h-auto max-h-14 object-contain object-left"
      style={{ width }}
      onError={() => setFailedSrc(src)}
    />
  );
}
