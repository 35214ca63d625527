import { Form, isRouteErrorResponse, Link, Outlet } from "react-router";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { countPortalUnread } from "#server/portal/messages.ts";
import type { Route } from "./+types/layout";
import { PortalFrame } from "./portal-frame";
import { PortalNav } from "./portal-nav";
import { usePortalEvents } from "./use-portal-events";

// Not the guard (each child loader checks its own access): it names the contact for the chrome
// and counts the team's unread messages for the nav.
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const unread = await countPortalUnread({ db: args.context.db, clientId: viewer.clientId });
  return {
    viewer: { name: viewer.name, email: viewer.email, company: viewer.company },
    unread,
  };
}

export const meta = () => [
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

function Account({ name, company }: { name: string; company: string }) {
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="hidden text-right text-mist-300 sm:block">
        <span className="block font-semibold text-white">{name}</span>
        {company}
      </span>
      <Form method="post" action="/portal/sign-out">
        <button type="submit" className="btn-secondary px-4 py-1.5 text-sm">
          Sign out
        </button>
      </Form>
    </div>
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, unread } = loaderData;
  const isLive = usePortalEvents();
  return (
    <PortalFrame account={<Account name={viewer.name} company={viewer.company} />}>
      <PortalNav badges={{ "/portal/messages": unread }} />
      <div
        className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10"
        data-portal-live={isLive ? "on" : "off"}
      >
        <p className="mb-1 text-sm text-mist-400 sm:hidden">
          {viewer.name} · {viewer.company}
        </p>
        <Outlet />
      </div>
    </PortalFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <PortalFrame>
      <main id="main" className="mx-auto w-full max-w-2xl px-5 py-16">
        <p className="eyebrow">Error {status}</p>
        <h1 className="heading-lg mt-3">
          {status === 404 ? "We could not find that" : "Something went wrong"}
        </h1>
        <p className="mt-3 text-mist-300">
          {status === 404
            ? "It may have been removed, or it belongs to another account."
            : "Please try again in a moment."}
        </p>
        <Link to="/portal" className="btn-primary mt-6">
          Back to your portal
        </Link>
      </main>
    </PortalFrame>
  );
}
