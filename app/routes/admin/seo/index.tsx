import { Form, Link, useNavigation } from "react-router";
import { ImageUploader } from "#app/components/admin/image-uploader.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import { auditPublicPages } from "#server/seo/audit.ts";
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

export const meta: Route.MetaFunction = () => [{ title: "SEO tools · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const [overrides, redirects, robots] = await Promise.all([
    findSeoOverrides(db),
    findRedirects(db),
    getRobotsAdditions(db),
  ]);
  const audit =
    url.searchParams.get("audit") === "1"
      ? await auditPublicPages({
          db,
          fetchPage: async (path) => {
            const response = await fetch(new URL(path, url.origin), {
              redirect: "manual",
              signal: AbortSignal.timeout(10_000),
            });
            return { status: response.status, body: await response.text() };
          },
        })
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
  const fieldError = (name: string) =>
    failed?.fieldErrors?.[name] ? (
      <p className="field-error">{failed.fieldErrors[name][0]}</p>
    ) : null;
  const problemCount = audit?.reduce((sum, page) => sum + page.problems.length, 0) ?? 0;

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

      <section id="audit" className="card mb-8 p-5" aria-labelledby="audit-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="audit-heading" className="heading-md">
            Audit
          </h2>
          <Link to="?audit=1#audit" className="btn-secondary">
            {isAuditing ? "Checking every page…" : audit ? "Run again" : "Run the audit"}
          </Link>
        </div>
        {audit ? (
          <>
            <p className="mt-2 text-sm text-mist-300">
              {audit.length} pages checked, {problemCount} problem{problemCount === 1 ? "" : "s"}{" "}
              found.
            </p>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Public pages and their problems</caption>
                <thead className="text-xs uppercase tracking-wider text-mist-400">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Page
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Problems
                    </th>
                    <th scope="col" className="py-2">
                      Fix
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/5">
                  {audit.map((page) => (
                    <tr key={page.path}>
                      <td className="py-2 pr-4 align-top">
                        <a href={page.path} className="text-frontier-blue underline">
                          {page.path}
                        </a>
                        <p className="text-xs text-mist-400">{page.title}</p>
                      </td>
                      <td className="py-2 pr-4 align-top">
                        {page.problems.length ? (
                          <ul className="list-disc pl-4 text-orange-200">
                            {page.problems.map((problem) => (
                              <li key={problem}>{problem}</li>
                            ))}
                          </ul>
                        ) : (
                          <span className="text-emerald-300">No problems</span>
                        )}
                      </td>
                      <td className="py-2 align-top">
                        {page.problems.length ? (
                          <a href={page.fixUrl} className="text-frontier-blue underline">
                            Fix<span className="sr-only"> {page.path}</span>
                          </a>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="mt-2 text-sm text-mist-400">
            Checks titles, descriptions, image alt text, internal links and the sitemap of every
            public page.
          </p>
        )}
      </section>

      <section
        id="overrides"
        className="card mb-8 space-y-4 p-5"
        aria-labelledby="overrides-heading"
      >
        <h2 id="overrides-heading" className="heading-md">
          Page overrides
        </h2>
        <Form method="post" className="grid gap-3 md:grid-cols-2" key={editing.path}>
          <input type="hidden" name="intent" value="save-override" />
          <div>
            <label htmlFor="override-path" className="field-label">
              Path
            </label>
            <input
              id="override-path"
              name="path"
              className="field-input"
              defaultValue={editing.path}
              placeholder="/about-us"
            />
            {fieldError("path")}
          </div>
          <div>
            <label htmlFor="override-title" className="field-label">
              Title
            </label>
            <input
              id="override-title"
              name="title"
              className="field-input"
              defaultValue={"title" in editing ? (editing.title ?? "") : ""}
            />
            {fieldError("title")}
          </div>
          <div className="md:col-span-2">
            <label htmlFor="override-description" className="field-label">
              Description
            </label>
            <textarea
              id="override-description"
              name="description"
              rows={2}
              className="field-input"
              defaultValue={"description" in editing ? (editing.description ?? "") : ""}
            />
            {fieldError("description")}
          </div>
          <div className="md:col-span-2">
            <ImageUploader
              label="Social image"
              name="socialImage"
              defaultUrl={"socialImage" in editing ? editing.socialImage : null}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="isNoindex"
              defaultChecked={"isNoindex" in editing ? editing.isNoindex : false}
            />
            Keep this page out of search results (noindex)
          </label>
          <div>
            <button type="submit" className="btn-primary">
              Save override
            </button>
          </div>
        </Form>
        <ul className="divide-y divide-white/5 text-sm">
          {overrides.map((row) => (
            <li key={row.path} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                <strong>{row.path}</strong>
                <span className="text-mist-400">
                  {row.title ? ` · “${row.title}”` : ""}
                  {row.isNoindex ? " · noindex" : ""}
                </span>
              </span>
              <span className="flex gap-3">
                <Link
                  to={`?path=${encodeURIComponent(row.path)}#overrides`}
                  className="text-frontier-blue underline"
                >
                  Edit<span className="sr-only"> {row.path}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-override" />
                  <input type="hidden" name="path" value={row.path} />
                  <button type="submit" className="text-frontier-blue underline">
                    Remove<span className="sr-only"> the override of {row.path}</span>
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="redirects"
        className="card mb-8 space-y-4 p-5"
        aria-labelledby="redirects-heading"
      >
        <h2 id="redirects-heading" className="heading-md">
          Redirects
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create-redirect" />
          <div>
            <label htmlFor="fromPath" className="field-label">
              From
            </label>
            <input id="fromPath" name="fromPath" className="field-input" placeholder="/old-page" />
            {fieldError("fromPath")}
          </div>
          <div>
            <label htmlFor="toPath" className="field-label">
              To
            </label>
            <input id="toPath" name="toPath" className="field-input" placeholder="/new-page" />
            {fieldError("toPath")}
          </div>
          <div>
            <label htmlFor="redirect-status" className="field-label">
              Kind
            </label>
            <select id="redirect-status" name="status" className="field-input" defaultValue="301">
              <option value="301">301 · moved for good</option>
              <option value="302">302 · temporary</option>
            </select>
          </div>
          <button type="submit" className="btn-primary">
            Add redirect
          </button>
        </Form>
        <ul className="divide-y divide-white/5 text-sm">
          {redirects.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                {row.fromPath} → {row.toPath} <span className="text-mist-400">({row.status})</span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-redirect" />
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" className="text-frontier-blue underline">
                  Delete<span className="sr-only"> the redirect from {row.fromPath}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <section id="robots" className="card space-y-3 p-5" aria-labelledby="robots-heading">
        <h2 id="robots-heading" className="heading-md">
          robots.txt additions
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="save-robots" />
          <label htmlFor="additions" className="field-label">
            Extra lines (added after the product's own rules)
          </label>
          <textarea
            id="additions"
            name="additions"
            rows={5}
            className="field-input font-mono text-sm"
            defaultValue={robots}
            placeholder={"User-agent: GPTBot\nDisallow: /"}
          />
          {fieldError("additions")}
          <button type="submit" className="btn-primary">
            Save robots.txt
          </button>
          <a href="/robots.txt" className="ml-4 text-frontier-blue underline">
            See robots.txt
          </a>
        </Form>
      </section>
    </main>
  );
}
