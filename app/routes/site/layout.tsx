import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AfterLoad } from "#app/components/site/after-load.tsx";
import { PageTransition, RouteSpinner } from "#app/components/site/page-transition.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import { useLiveSettings } from "#app/components/site/use-live-settings.ts";
import { ErrorPage } from "#app/components/ui/error-page.tsx";
import { useBranding } from "#app/root.tsx";
import { getPublishedNavigation } from "#server/settings/navigation.ts";
import { defaultNavigation } from "#shared/site-navigation.ts";
import type { Route } from "./+types/layout";

/** The published menus; a settings event makes open pages load them again (useLiveSettings). */
export async function loader({ context }: Route.LoaderArgs) {
  return { navigation: await getPublishedNavigation(context.db) };
}

// The particle field, cursor dot, back-to-top button (hidden until a visitor has
// scrolled) and the chat button load after the page is interactive.
const loadParticles = () =>
  import("#app/components/site/particle-background.tsx").then((m) => m.ParticleBackground);
const loadBackToTop = () => import("#app/components/site/back-to-top.tsx").then((m) => m.BackToTop);
const loadChatWidget = () =>
  import("#app/components/site/chat-widget.tsx").then((m) => m.ChatWidget);
const loadCursorDot = () => import("#app/components/site/cursor-dot.tsx").then((m) => m.CursorDot);
// Counts the page view (our own server, no cookie) once the page is interactive.
const loadPageViewBeacon = () =>
  import("#app/components/site/page-view-beacon.tsx").then((m) => m.PageViewBeacon);

function SiteChrome({ children }: { children: React.ReactNode }) {
  const branding = useBranding();
  const navigation =
    useRouteLoaderData<typeof loader>("routes/site/layout")?.navigation ?? defaultNavigation;
  useLiveSettings();
  return (
    <div className="relative isolate flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AfterLoad load={loadParticles} />
      <AfterLoad load={loadCursorDot} />
      <RouteSpinner />
      <SiteHeader
        logoSrc={branding?.logoSrc}
        logoWidth={branding?.logoWidth ?? 120}
        links={navigation.header}
      />
      <div className="flex-1">{children}</div>
      <SiteFooter
        logoSrc={branding?.footerLogoSrc}
        logoWidth={branding?.footerLogoWidth ?? 120}
        groups={navigation.footer}
      />
      <AfterLoad load={loadBackToTop} />
      <AfterLoad load={loadChatWidget} />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <SiteChrome>
      <PageTransition>
        <Outlet />
      </PageTransition>
      {/* Pages that answered 200 only: error pages render the ErrorBoundary below. */}
      <AfterLoad load={loadPageViewBeacon} />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </SiteChrome>
  );
}
