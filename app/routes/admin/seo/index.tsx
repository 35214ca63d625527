import { useNavigation } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { auditPublicPages, sitePageFetcher } from "#server/seo/audit.ts";
import {
  deleteSeoOverride,
  findSeoOverrides,
  getRobotsAdditions,
  saveRobotsAdditions,
  saveSeoOverride,
} from "#server/seo/overrides.ts";
import { createRedirect, deleteRedirect, findRedirects } from "#server/seo/redirects.ts";
import { redirectWithToast } from "#server/toast.ts";
import type { Route } from "./+types/index";
import { AuditSection } from "./audit-section";
import { OverrideForm } from "./override-form";
import { OverrideList } from "./override-list";
import { RedirectsSection } from "./redirects-section";
import { RobotsSection } from "./robots-section";

export const meta: Route.MetaFunction = () => [{ title: "SEO tools · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const { url } = args;
  const [overrides, redirects, robots] = await Promise.all([
    findSeoOverrides(db),
    findRedirects(db),
    getRobotsAdditions(db),
  ]);
  const audit =
    url.searchParams.get("audit") === "1"
      ? await auditPublicPages({ db, fetchPage: sitePageFetcher(args.context.env) })
      : null;
  const path = url.searchParams.get("path") ?? "";
  return {
    overrides,
    redirects,
    robots,
    audit,
    editing: overrides.find((row) => row.path === path) ?? { path },
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const { database, clientAddress } = args.context;
  const form = await readForm(args.request);
  const base = { database, actor: user, address: clientAddress };
  try {
    switch (String(form.get("intent"))) {
      case "save-override": {
        const saved = await saveSeoOverride({ ...base, input: Object.fromEntries(form) });
        return redirectWithToast("/admin/seo#overrides", {
          message: `SEO override for ${saved.path} saved.`,
        });
      }
      case "delete-override":
        await deleteSeoOverride({ ...base, path: String(form.get("path") ?? "") });
        return redirectWithToast("/admin/seo#overrides", { message: "Override removed." });
      case "create-redirect": {
        const created = await createRedirect({ ...base, input: Object.fromEntries(form) });
        return redirectWithToast("/admin/seo#redirects", {
          message: `${created.fromPath} now redirects to ${created.toPath} (${created.status}).`,
        });
      }
      case "delete-redirect":
        await deleteRedirect({ ...base, id: String(form.get("id") ?? "") });
        return redirectWithToast("/admin/seo#redirects", { message: "Redirect deleted." });
      case "save-robots":
        await saveRobotsAdditions({ ...base, additions: String(form.get("additions") ?? "") });
        return redirectWithToast("/admin/seo#robots", { message: "robots.txt additions saved." });
      default:
        throw new AppError("INVALID", "Choose what to do.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function SeoToolsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { overrides, redirects, robots, audit, editing } = loaderData;
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const isAuditing =
    navigation.state === "loading" && navigation.location.search.includes("audit=1");

  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="SEO tools"
        description="Per-page overrides, redirects, robots.txt and an audit of every public page."
      />
      {failed ? (
        <p className="field-error mb-4" role="alert">
          {failed.error}
        </p>
      ) : null}

      <AuditSection audit={audit} isAuditing={isAuditing} />

      <section
        id="overrides"
        className="card mb-8 space-y-4 p-5"
        aria-labelledby="overrides-heading"
      >
        <h2 id="overrides-heading" className="heading-md">
          Page overrides
        </h2>
        <OverrideForm editing={editing} fieldErrors={failed?.fieldErrors} />
        <OverrideList overrides={overrides} />
      </section>

      <RedirectsSection redirects={redirects} fieldErrors={failed?.fieldErrors} />

      <RobotsSection robots={robots} fieldErrors={failed?.fieldErrors} />
    </main>
  );
}
