import { requireRole } from "../../../../server/auth/guard";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return null;
}

export default function TestimonialsIndexScreen() {
  return (
    <main id="main" className="p-8">
      <h1 className="heading-lg">Testimonials</h1>
      <p className="mt-4 text-mist-300">This screen is not available yet.</p>
    </main>
  );
}
