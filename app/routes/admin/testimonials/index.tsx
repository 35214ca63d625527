import { Form, Link } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { KeysetPagination } from "#app/components/admin/pagination.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { pageFrom } from "#server/business/list-query.ts";
import {
  deleteTestimonial,
  findTestimonialsForAdmin,
  moveTestimonial,
  setTestimonialVisibility,
} from "#server/content-admin/testimonials.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Testimonials · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { url } = args;
  return await findTestimonialsForAdmin({
    db: args.context.db,
    page: pageFrom(url),
    after: url.searchParams.get("after") ?? undefined,
    before: url.searchParams.get("before") ?? undefined,
  });
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  const base = {
    database: args.context.database,
    actor: user,
    address: args.context.clientAddress,
    id: String(form.get("id") ?? ""),
  };
  try {
    switch (String(form.get("intent"))) {
      case "up":
      case "down":
        await moveTestimonial({ ...base, direction: form.get("intent") as "up" | "down" });
        return { ok: true as const };
      case "hide":
      case "show":
        await setTestimonialVisibility({ ...base, isVisible: form.get("intent") === "show" });
        return { ok: true as const };
      case "delete":
        await deleteTestimonial(base);
        return redirectWithToast("/admin/testimonials", { message: "Testimonial deleted." });
      default:
        throw new AppError("INVALID", "Choose what to do.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function TestimonialsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows: testimonials, total, totalIsEstimate, previousCursor, nextCursor } = loaderData;
  // Moving crosses pages: only the very first and very last testimonials cannot move on.
  const isFirstPage = !previousCursor;
  const isLastPage = !nextCursor;
  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Testimonials"
        description="Shown on the site in this order; hidden ones stay here."
        actions={
          <Link to="/admin/testimonials/create" className="btn-primary">
            New testimonial
          </Link>
        }
      />
      {actionData && !actionData.ok ? (
        <p className="field-error mb-4" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {testimonials.length === 0 ? (
        <p className="card text-mist-300">No testimonials yet.</p>
      ) : null}
      <ol className="space-y-3">
        {testimonials.map((item, index) => (
          <li
            key={item.id}
            className={`card flex flex-wrap items-start gap-4 p-4 ${item.isVisible ? "" : "opacity-60"}`}
          >
            {item.photoUrl ? (
              <img
                src={item.photoUrl}
                alt={item.photoAlt ?? ""}
                className="h-12 w-12 rounded-full object-cover"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="text-mist-100">“{item.quote}”</p>
              <p className="mt-1 text-sm text-mist-400">
                {item.name}, {item.role} at {item.company}
                {item.isVisible ? "" : " · hidden"}
              </p>
            </div>
            <Form method="post" className="flex flex-wrap gap-2 text-sm">
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                name="intent"
                value="up"
                disabled={isFirstPage && index === 0}
                className="btn-secondary px-3 py-1"
              >
                Move up<span className="sr-only"> {item.name}</span>
              </button>
              <button
                type="submit"
                name="intent"
                value="down"
                disabled={isLastPage && index === testimonials.length - 1}
                className="btn-secondary px-3 py-1"
              >
                Move down<span className="sr-only"> {item.name}</span>
              </button>
              <button
                type="submit"
                name="intent"
                value={item.isVisible ? "hide" : "show"}
                className="btn-secondary px-3 py-1"
              >
                {item.isVisible ? "Hide" : "Show"}
                <span className="sr-only"> {item.name}</span>
              </button>
              <Link to={`/admin/testimonials/edit/${item.id}`} className="btn-secondary px-3 py-1">
                Edit<span className="sr-only"> {item.name}</span>
              </Link>
              <button
                type="submit"
                name="intent"
                value="delete"
                className="px-3 py-1 text-red-300 underline"
              >
                Delete<span className="sr-only"> {item.name}</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
      <div className="mt-6">
        <KeysetPagination
          previousCursor={previousCursor}
          nextCursor={nextCursor}
          total={total}
          totalIsEstimate={totalIsEstimate}
        />
      </div>
    </main>
  );
}
