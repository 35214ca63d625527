import { useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { TestimonialForm } from "#app/components/admin/testimonial-form.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { saveTestimonial } from "#server/content-admin/testimonials.ts";
import { errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
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
