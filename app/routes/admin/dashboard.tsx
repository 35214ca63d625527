import { requireRole } from "../../../server/auth/guard";
import type { Route } from "./+types/dashboard";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return null;
}

export default function DashboardScreen() {
  return (
    <main id="main" className="p-8">
      <h1 className="heading-lg">Dashboard</h1>
      <p className="mt-4 text-mist-300">This screen is not available yet.</p>
    </main>
  );
}
