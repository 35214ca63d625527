import { useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { TestimonialForm } from "#app/components/admin/testimonial-form.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { getTestimonialForEdit, saveTestimonial } from "#server/content-admin/testimonials.ts";
import { errorResponse, invariantResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { requireIdParam } from "#server/ids.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => [{ title: "Testimonial · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const id = requireIdParam(args.params.id);
  const testimonial = await getTestimonialForEdit({ db: args.context.db, id });
  invariantResponse(testimonial, "This testimonial does not exist.", { status: 404 });
  return { testimonial };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const id = requireIdParam(args.params.id);
  const form = await readForm(args.request);
  try {
    await saveTestimonial({
      database: args.context.database,
      actor: user,
      address: args.context.clientAddress,
      id,
      input: { isVisible: "", ...Object.fromEntries(form) },
    });
    return redirectWithToast("/admin/testimonials", { message: "Testimonial saved." });
  } catch (error) {
    return errorResponse(error);
  }
}

export default function EditTestimonialScreen({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title={`Testimonial by ${loaderData.testimonial.name}`}
        back={{ to: "/admin/testimonials", label: "Testimonials" }}
      />
      <TestimonialForm
        testimonial={loaderData.testimonial}
        errors={failed?.fieldErrors}
        formError={failed?.error}
      />
    </main>
  );
}
