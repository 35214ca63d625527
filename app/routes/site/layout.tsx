import { isRouteErrorResponse, Outlet } from "react-router";
import { BackToTop } from "~/components/site/back-to-top";
import { ChatWidget } from "~/components/site/chat-widget";
import { CursorDot } from "~/components/site/cursor-dot";
import { PageTransition, RouteSpinner } from "~/components/site/page-transition";
import { ParticleBackground } from "~/components/site/particle-background";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useLiveSettings } from "~/components/site/use-live-settings";
import { ErrorPage } from "~/components/ui/error-page";
import { useBranding } from "~/root";
import type { Route } from "./+types/layout";

function SiteChrome({ children }: { children: React.ReactNode }) {
  const branding = useBranding();
  useLiveSettings();
  return (
    <div className="relative isolate flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ParticleBackground />
      <CursorDot />
      <RouteSpinner />
      <SiteHeader logoSrc={branding?.logoSrc} logoWidth={branding?.logoWidth ?? 120} />
      <div className="flex-1">{children}</div>
      <SiteFooter logoSrc={branding?.footerLogoSrc} logoWidth={branding?.footerLogoWidth ?? 120} />
      <BackToTop />
      <ChatWidget />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <SiteChrome>
      <PageTransition>
        <Outlet />
      </PageTransition>
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
