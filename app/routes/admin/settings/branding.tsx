import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { ImageUploader } from "#app/components/admin/image-uploader.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { SettingsTabs } from "#app/components/admin/settings-tabs.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { faviconLink } from "#app/lib/favicon.ts";
import { requireRole } from "#server/auth/guard.ts";
import { getHeaderSettings } from "#server/settings/header.ts";
import type { Route } from "./+types/branding";
import { saveBranding } from "./save-branding.server";

export const meta: Route.MetaFunction = () => [{ title: "Branding · Settings · Command center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  return { settings: await getHeaderSettings(args.context.db) };
}

export async function action(args: Route.ActionArgs) {
  return saveBranding(args);
}

type UrlField = "logoUrl" | "logoPngUrl" | "footerLogoUrl" | "faviconUrl";

const urlFields: Array<{ name: UrlField; label: string; help: string }> = [
  { name: "logoUrl", label: "Logo", help: "The main logo (SVG works best)." },
  {
    name: "logoPngUrl",
    label: "Logo, PNG fallback",
    help: "Shown in place of the main logo when set (for browsers and mail clients without SVG).",
  },
  { name: "footerLogoUrl", label: "Footer logo", help: "Leave empty to reuse the header logo." },
  {
    name: "faviconUrl",
    label: "Favicon",
    help: "PNG, ICO or SVG; browsers pick it up on the next page load.",
  },
];

export default function BrandingSettingsScreen({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const fieldErrors = actionData && !actionData.ok ? actionData.fieldErrors : undefined;
  const [values, setValues] = useState({
    logoUrl: settings.logoUrl ?? "",
    logoPngUrl: settings.logoPngUrl ?? "",
    footerLogoUrl: settings.footerLogoUrl ?? "",
    faviconUrl: settings.faviconUrl ?? "",
    logoWidth: String(settings.logoWidth),
    footerLogoWidth: String(settings.footerLogoWidth),
  });
  const set = (name: keyof typeof values, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  // As the public header: the PNG fallback is preferred over the main logo.
  const previewLogo = values.logoPngUrl || values.logoUrl || undefined;
  const favicon = faviconLink(values.faviconUrl);
  const headerWidth = clampWidth(values.logoWidth);
  const footerWidth = clampWidth(values.footerLogoWidth);

  return (
    <main id="main" className="p-6 lg:p-8">
      <PageHeader
        title="Branding"
        description="The logos of the header and footer, their widths and the favicon of the public site. Saving updates open pages right away."
      />
      <SettingsTabs />
      {actionData && !actionData.ok ? (
        <p className="field-error mb-4" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Form method="post" className="space-y-6" id="header-settings">
          {urlFields.map((field) => (
            <section key={field.name} className="card space-y-3 p-5">
              <label htmlFor={field.name} className="field-label">
                {field.label} URL
              </label>
              <input
                id={field.name}
                name={field.name}
                className="field-input"
                value={values[field.name]}
                placeholder="/uploads/… or https://…"
                aria-describedby={`${field.name}-help`}
                aria-invalid={fieldErrors?.[field.name] ? true : undefined}
                onChange={(event) => set(field.name, event.target.value)}
              />
              <p id={`${field.name}-help`} className="text-sm text-mist-400">
                {field.help}
              </p>
              {fieldErrors?.[field.name] ? (
                <p className="field-error">{fieldErrors[field.name][0]}</p>
              ) : null}
              <ImageUploader
                label={`Upload a new ${field.label.toLowerCase()}`}
                name={`${field.name}-upload`}
                kind="logo"
                isKeepingValue={false}
                onUploaded={(uploaded) => set(field.name, uploaded.url)}
              />
            </section>
          ))}
          <section className="card grid gap-4 p-5 sm:grid-cols-2">
            {(
              [
                ["logoWidth", "Header logo width (px)"],
                ["footerLogoWidth", "Footer logo width (px)"],
              ] as const
            ).map(([name, label]) => (
              <div key={name}>
                <label htmlFor={name} className="field-label">
                  {label}
                </label>
                <input
                  id={name}
                  name={name}
                  type="number"
                  min={16}
                  max={600}
                  required
                  className="field-input"
                  value={values[name]}
                  aria-invalid={fieldErrors?.[name] ? true : undefined}
                  onChange={(event) => set(name, event.target.value)}
                />
                {fieldErrors?.[name] ? <p className="field-error">{fieldErrors[name][0]}</p> : null}
              </div>
            ))}
          </section>
          <button
            type="submit"
            className="btn-primary"
            disabled={navigation.state === "submitting"}
          >
            {navigation.state === "submitting" ? "Saving…" : "Save branding"}
          </button>
        </Form>
        <aside aria-label="Live preview" className="space-y-4 xl:sticky xl:top-6 xl:self-start">
          <h2 className="heading-md">Live preview</h2>
          <div className="card p-4">
            <p className="eyebrow mb-3">Header</p>
            <div className="flex h-18 items-center rounded-md bg-ink-950/80 px-4">
              <Logo key={previewLogo ?? "default"} src={previewLogo} width={headerWidth} />
            </div>
          </div>
          <div className="card p-4">
            <p className="eyebrow mb-3">Footer</p>
            <div className="rounded-md bg-ink-950/80 p-4">
              <Logo
                key={values.footerLogoUrl || previewLogo || "default"}
                src={values.footerLogoUrl || previewLogo}
                width={footerWidth}
              />
            </div>
          </div>
          <div className="card flex items-center gap-3 p-4">
            <img
              src={favicon.href}
              alt="Favicon preview"
              width={32}
              height={32}
              className="h-8 w-8 rounded bg-ink-900 object-contain"
            />
            <p className="text-sm text-mist-300">Favicon ({favicon.type})</p>
          </div>
        </aside>
      </div>
    </main>
  );
}

function clampWidth(value: string) {
  const width = Number(value);
  return Number.isFinite(width) ? Math.min(600, Math.max(16, Math.round(width))) : 120;
}
