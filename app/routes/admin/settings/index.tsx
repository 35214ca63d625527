import { Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { SettingsTabs, settingsPages } from "#app/components/admin/settings-tabs.tsx";
import { requireRole } from "#server/auth/guard.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return null;
}

/** Site-wide tools kept beside the Settings pages, in the sidebar's Settings section. */
const tools = [
  {
    to: "/admin/seo",
    label: "SEO Tools",
    description: "Titles, redirects, robots.txt, the audit.",
  },
  { to: "/admin/team", label: "Team", description: "Staff accounts, roles and invitations." },
  { to: "/admin/outbox", label: "Outbox", description: "Every mail the site sent or queued." },
  { to: "/admin/audit", label: "Audit Log", description: "Who changed what, and when." },
];

export default function SettingsOverview() {
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Settings"
        description="Site-wide settings of the public site: its branding and its menus."
      />
      <SettingsTabs />
      <ul className="grid gap-4 md:grid-cols-2">
        {settingsPages.map((page) => (
          <SettingsCard key={page.to} {...page} />
        ))}
      </ul>
      <h2 className="heading-md mt-10 mb-4">Related tools</h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {tools.map((tool) => (
          <SettingsCard key={tool.to} {...tool} />
        ))}
      </ul>
    </main>
  );
}

function SettingsCard({
  to,
  label,
  description,
}: {
  to: string;
  label: string;
  description: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="card block h-full p-5 transition hover:border-frontier-blue/50 hover:bg-white/5"
      >
        <span className="font-display text-lg font-semibold text-white">{label}</span>
        <span className="mt-1 block text-sm text-mist-300">{description}</span>
      </Link>
    </li>
  );
}
