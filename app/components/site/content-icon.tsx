/**
 * Our own line icons for services, technologies and directives: simple shapes
 * drawn on a 24-unit grid with the current text colour (not brand logos).
 */
const paths: Record<string, React.ReactNode> = {
  // Services
  "web-platforms": (
    <>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M3 8h18M8 21h8M12 17v4" />
      <path d="M7 12l2 1.5L7 15M11 15h4" />
    </>
  ),
  "ai-ml": (
    <>
      <circle cx="5" cy="6" r="2" />
      <circle cx="5" cy="18" r="2" />
      <circle cx="12" cy="12" r="2.5" />
      <circle cx="19" cy="6" r="2" />
      <circle cx="19" cy="18" r="2" />
      <path d="M6.7 7.2l3.4 3.2M6.7 16.8l3.4-3.2M13.9 10.4l3.4-3.2M13.9 13.6l3.4 3.2" />
    </>
  ),
  "mobile-apps": (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10 5.5h4M11 18.5h2" />
    </>
  ),
  "ui-ux-design": (
    <>
      <path d="M4 20l4-1 10.5-10.5a2.1 2.1 0 0 0-3-3L5 16l-1 4z" />
      <path d="M14 7l3 3" />
      <path d="M13 20h7" />
    </>
  ),
  "vr-ar": (
    <>
      <path d="M3 9a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-4l-2-2.5h-2L9 17H5a2 2 0 0 1-2-2V9z" />
      <circle cx="8" cy="12" r="1.5" />
      <circle cx="16" cy="12" r="1.5" />
    </>
  ),
  // Directives
  velocity: (
    <>
      <path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" />
    </>
  ),
  precision: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
      <path d="M12 1v4M12 19v4M1 12h4M19 12h4" />
    </>
  ),
  partnership: (
    <>
      <circle cx="8" cy="8" r="3" />
      <circle cx="16" cy="8" r="3" />
      <path d="M2.5 20a5.5 5.5 0 0 1 11 0M10.5 20a5.5 5.5 0 0 1 11 0" />
    </>
  ),
  // Technologies
  react: (
    <>
      <circle cx="12" cy="12" r="1.6" />
      <ellipse cx="12" cy="12" rx="10" ry="4" />
      <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(60 12 12)" />
      <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(120 12 12)" />
    </>
  ),
  typescript: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M7 11h5M9.5 11v7M17.5 11.5c-.5-.6-1.2-.9-2-.9-1 0-1.8.6-1.8 1.5 0 2 3.9 1.2 3.9 3.4 0 1-.9 1.6-2 1.6-.9 0-1.7-.4-2.2-1" />
    </>
  ),
  node: (
    <>
      <path d="M12 2.5l8.5 4.9v9.2L12 21.5l-8.5-4.9V7.4L12 2.5z" />
      <path d="M12 8v8M9 10.5l3-2 3 2" />
    </>
  ),
  kubernetes: (
    <>
      <path d="M12 2.5l7.4 3.6 1.8 8-5.1 6.4H7.9l-5.1-6.4 1.8-8L12 2.5z" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 6v3.5M12 14.5V18M6.5 10.5l3.1 1M14.4 12.5l3.1 1M8.3 16.5l2.2-2.5M13.5 10l2.2-2.5" />
    </>
  ),
  aws: (
    <>
      <path d="M7 16a4 4 0 0 1-.5-8A5.5 5.5 0 0 1 17 7.5a4 4 0 0 1 .5 8.5H7z" />
      <path d="M6 20c3.5 1.5 8.5 1.5 12 0M16 19l2 1-1 2" />
    </>
  ),
  "google-cloud": (
    <>
      <path d="M7 18a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 18 9.5a4.3 4.3 0 0 1-.5 8.5H7z" />
      <path d="M12 10.5l2.6 1.5v3L12 16.5 9.4 15v-3l2.6-1.5z" />
    </>
  ),
  figma: (
    <>
      <path d="M9 3h3v6H9a3 3 0 0 1 0-6zM12 3h3a3 3 0 0 1 0 6h-3V3z" />
      <path d="M9 9h3v6H9a3 3 0 0 1 0-6z" />
      <circle cx="15" cy="12" r="3" />
      <path d="M9 15h3v3a3 3 0 1 1-3-3z" />
    </>
  ),
  photoshop: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M6 17l4-5 3 3 2-2 3 4H6z" />
      <circle cx="15.5" cy="8" r="1.5" />
    </>
  ),
  illustrator: (
    <>
      <path d="M4 19C8 19 8 5 12 5s4 14 8 14" />
      <rect x="2.5" y="17.5" width="3" height="3" />
      <rect x="18.5" y="17.5" width="3" height="3" />
      <rect x="10.5" y="3.5" width="3" height="3" />
      <path d="M6 5h4M14 5h4" />
    </>
  ),
  tailwind: (
    <>
      <path d="M3 11c1.5-3 3.5-4 6-3s3.5 3 6 3 4-1.5 6-3" />
      <path d="M3 17c1.5-3 3.5-4 6-3s3.5 3 6 3 4-1.5 6-3" />
    </>
  ),
  graphql: (
    <>
      <path d="M12 2.5l8.2 4.75v9.5L12 21.5l-8.2-4.75v-9.5L12 2.5z" />
      <path d="M12 2.5L3.8 16.75h16.4L12 2.5z" />
      <circle cx="12" cy="2.5" r="1.2" />
      <circle cx="3.8" cy="16.75" r="1.2" />
      <circle cx="20.2" cy="16.75" r="1.2" />
    </>
  ),
  docker: (
    <>
      <path d="M2.5 12h17.5c1 0 1.8-.7 2-1.5-1 2.5-2.5 8.5-11 8.5C5 19 2.5 15.5 2.5 12z" />
      <path d="M5 12V9h3v3M8 12V9h3v3M11 12V9h3v3M8 9V6h3v3M14 12V9h3v3" />
    </>
  ),
  "ai-frameworks": (
    <>
      <rect x="6" y="6" width="12" height="12" rx="2" />
      <path d="M9 2.5v3.5M15 2.5v3.5M9 18v3.5M15 18v3.5M2.5 9H6M2.5 15H6M18 9h3.5M18 15h3.5" />
      <path d="M10 14.5l2-5 2 5M10.7 13h2.6" />
    </>
  ),
  // Small glyphs
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  arrow: <path d="M5 12h14M13 6l6 6-6 6" />,
};

export function ContentIcon({ name, className = "h-6 w-6" }: { name: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths[name] ?? paths.arrow}
    </svg>
  );
}
