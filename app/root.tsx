import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { InternalLinks } from "#app/components/site/internal-link.tsx";
import { ErrorPage } from "#app/components/ui/error-page.tsx";
import { ToastProvider, useToast } from "#app/components/ui/toasts.tsx";
import { faviconLink } from "#app/lib/favicon.ts";
import { keepDataAfterFailure } from "#app/lib/revalidate.ts";
import { getHeaderSettings, headerLogo } from "#server/settings/header.ts";
import { readToast } from "#server/toast.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const [header, { toast, headers }] = await Promise.all([
    getHeaderSettings(context.db),
    readToast(request),
  ]);
  return data(
    {
      nonce: context.nonce,
      publicUrl: context.env.PUBLIC_URL,
      toast,
      branding: {
        logoSrc: headerLogo(header),
        logoWidth: header.logoWidth,
        footerLogoSrc: header.footerLogoUrl ?? headerLogo(header),
        footerLogoWidth: header.footerLogoWidth,
        favicon: faviconLink(header.faviconUrl),
      },
    },
    { headers },
  );
}

export type RootData = {
  nonce: string;
  publicUrl: string;
  toast?: { id: string; message: string; type: "success" | "error" };
  branding: {
    logoSrc?: string;
    logoWidth: number;
    footerLogoSrc?: string;
    footerLogoWidth: number;
    favicon: { href: string; type: string };
  };
};

/** PUBLIC_URL, for canonical links: pass `matches` from a route's meta function. */
export function publicUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return root?.publicUrl ?? "";
}

export function useBranding() {
  return useRouteLoaderData<RootData>("root")?.branding;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const favicon = data?.branding.favicon ?? faviconLink(undefined);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#05070f" />
        <link rel="icon" href={favicon.href} type={favicon.type} />
        <Meta />
        <Links />
        {/* No first paint of a part of the page: laying the rest out after it would be a long
            task of its own on a slow phone (decision 820). */}
        <link rel="expect" href="#content-end" blocking="render" />
      </head>
      <body>
        <InternalLinks>
          <ToastProvider>{children}</ToastProvider>
        </InternalLinks>
        <div id="content-end" hidden />
        {/* No nonce on a page the page cache keeps: its CSP names these scripts by hash. */}
        <ScrollRestoration nonce={data?.nonce || undefined} />
        <Scripts nonce={data?.nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <ServerToast toast={toast} />
      <Outlet />
    </>
  );
}

/** Shows the toast a redirect carried (once per toast id). */
function ServerToast({ toast }: { toast: RootData["toast"] }) {
  const { show } = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
  return null;
}

/** A refused or unsent form submission changed nothing: the shell's data stays as it is. */
export const shouldRevalidate = keepDataAfterFailure;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
