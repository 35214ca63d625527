import { Outlet } from "react-router";
import { requireRole } from "../../../server/auth/guard";
import type { Route } from "./+types/layout";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "staff");
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
