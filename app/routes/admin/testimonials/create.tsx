import { useActionData } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { TestimonialForm } from "~/components/admin/testimonial-form";
import { requireRole } from "../../../../server/auth/guard";
import { saveTestimonial } from "../../../../server/content-admin/testimonials";
import { errorResponse } from "../../../../server/errors";
import { readForm } from "../../../../server/form-body";
import { redirectWithToast } from "../../../../server/toast";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "New testimonial · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  try {
    await saveTestimonial({
      database: args.context.database,
      actor: user,
      address: args.context.clientAddress,
      input: { isVisible: "", ...Object.fromEntries(form) },
    });
    return redirectWithToast("/admin/testimonials", { message: "Testimonial added." });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function CreateTestimonialScreen() {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="New testimonial"
        back={{ to: "/admin/testimonials", label: "Testimonials" }}
      />
      <TestimonialForm errors={failed?.fieldErrors} formError={failed?.error} />
    </main>
  );
}
