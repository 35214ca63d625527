import { PageHeader } from "~/components/admin/page-header";
import { getStaffAccess } from "../../../server/auth/guard";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Dashboard | Command Center" }];

// The admin index is where role none lands: it says so and loads no data.
export async function loader(args: Route.LoaderArgs) {
  const { user, hasAccess } = await getStaffAccess(args);
  if (!hasAccess) return { hasAccess: false as const, name: user.name };
  return { hasAccess: true as const, name: user.name, role: user.role };
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  if (!loaderData.hasAccess) {
    return (
      <main id="main" className="p-6 sm:p-10">
        <PageHeader title="No access" />
        <div className="card max-w-xl" data-no-access>
          <p className="text-mist-100">
            You are signed in, but your account has no access to the command center yet.
          </p>
          <p className="mt-2 text-mist-300">
            Ask an admin of your team to give you the admin or client manager role.
          </p>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${loaderData.name}. Pick an area in the sidebar to get started.`}
      />
    </main>
  );
}
