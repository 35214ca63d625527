import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** An admin area with a list, a create screen and an edit screen. */
function crud(area: string) {
  return prefix(area, [
    index(`routes/admin/${area}/index.tsx`),
    route("create", `routes/admin/${area}/create.tsx`),
    route("edit/:id", `routes/admin/${area}/edit.tsx`),
  ]);
}

/** The whole route table (SPEC.md section 2). */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about-us", "routes/site/about-us.tsx"),
    ...prefix("services", [
      index("routes/site/services.tsx"),
      route(":serviceSlug", "routes/site/service-guide.tsx"),
    ]),
    ...prefix("case-studies", [
      index("routes/site/case-studies.tsx"),
      route(":slug", "routes/site/case-study.tsx"),
    ]),
    ...prefix("insights", [
      index("routes/site/insights.tsx"),
      route(":slug", "routes/site/insight.tsx"),
    ]),
    route("podcasts", "routes/site/podcasts.tsx"),
    route("faq", "routes/site/faq.tsx"),
    route("pricing", "routes/site/pricing.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("personas", "routes/site/personas.tsx"),
    route("search", "routes/site/search.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("newsletter/confirm", "routes/site/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/site/newsletter-unsubscribe.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  route("proposal/:proposalId", "routes/client/proposal.tsx"),
  route("onboarding/:projectId", "routes/client/onboarding.tsx"),

  // The client portal (server/portal): its sign-in, files and events outside the layout.
  ...prefix("portal", [
    route("sign-in", "routes/portal/sign-in.tsx"),
    route("sign-out", "routes/portal/sign-out.ts"),
    route("events", "routes/portal/events.ts"),
    route("statement", "routes/portal/statement.ts"),
    route("proposals/:id/pdf", "routes/portal/proposal-pdf.ts"),
    route("invoices/:id/pdf", "routes/portal/invoice-pdf.ts"),
    route("projects/:id/files/:fileId", "routes/portal/project-file.ts"),
    route("projects/:id/onboarding/autosave", "routes/portal/onboarding-autosave.ts"),
    layout("routes/portal/layout.tsx", [
      index("routes/portal/home.tsx"),
      route("proposals", "routes/portal/proposals.tsx"),
      route("proposals/:id", "routes/portal/proposal.tsx"),
      route("invoices", "routes/portal/invoices.tsx"),
      route("invoices/:id", "routes/portal/invoice.tsx"),
      route("projects", "routes/portal/projects.tsx"),
      route("projects/:id", "routes/portal/project.tsx"),
      route("projects/:id/onboarding", "routes/portal/onboarding.tsx"),
      route("messages", "routes/portal/messages.tsx"),
      route("messages/:id", "routes/portal/thread.tsx"),
    ]),
  ]),

  route("login", "routes/auth/login.tsx"),
  route("login/code", "routes/auth/login-code.tsx"),
  route("login/passkey", "routes/auth/login-passkey.ts"),
  route("logout", "routes/auth/logout.tsx"),
  route("setup", "routes/auth/setup.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("accept-invite", "routes/auth/accept-invite.tsx"),

  ...prefix("admin", [
    route("insights/preview", "routes/admin/insights/preview.tsx"),
    route("case-studies/preview", "routes/admin/case-studies/preview.tsx"),
    route("proposals/:id/pdf", "routes/admin/proposals/pdf.ts"),
    route("invoices/:id/pdf", "routes/admin/invoices/pdf.ts"),
    route("projects/:id/files/:fileId", "routes/admin/projects/file.ts"),
    route("projects/:id/milestones", "routes/admin/projects/milestones.ts"),
    route("projects/:id/shared-files", "routes/admin/projects/shared-files.ts"),
    route("projects/:id/retainer", "routes/admin/projects/retainer.ts"),
    route("clients/:id/portal", "routes/admin/clients/portal.ts"),
    route("account/passkeys", "routes/admin/account/passkeys.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      ...prefix("clients", [
        index("routes/admin/clients/index.tsx"),
        route(":id", "routes/admin/clients/detail.tsx"),
      ]),
      ...crud("proposals"),
      ...crud("invoices"),
      ...crud("projects"),
      ...crud("case-studies"),
      ...crud("insights"),
      ...crud("testimonials"),
      route("comments", "routes/admin/comments/index.tsx"),
      ...crud("campaigns"),
      route("subscribers", "routes/admin/subscribers/index.tsx"),
      ...prefix("settings", [
        index("routes/admin/settings/index.tsx"),
        route("branding", "routes/admin/settings/branding.tsx"),
        route("navigation", "routes/admin/settings/navigation.tsx"),
      ]),
      route("analytics", "routes/admin/analytics/index.tsx"),
      route("header", "routes/admin/header/index.tsx"),
      route("seo", "routes/admin/seo/index.tsx"),
      ...crud("podcasts"),
      route("chat", "routes/admin/chat/index.tsx"),
      route("youtube-sync", "routes/admin/youtube-sync/index.tsx"),
      route("team", "routes/admin/team/index.tsx"),
      route("account", "routes/admin/account/index.tsx"),
      route("outbox", "routes/admin/outbox/index.tsx"),
      route("audit", "routes/admin/audit/index.tsx"),
      route("api-tokens", "routes/admin/api-tokens/index.tsx"),
      ...prefix("webhooks", [
        index("routes/admin/webhooks/index.tsx"),
        route(":id", "routes/admin/webhooks/detail.tsx"),
      ]),
    ]),
  ]),

  route("newsletter", "routes/resources/newsletter.ts"),
  route("resources/form-token", "routes/resources/form-token.ts"),
  route("insights.rss", "routes/resources/insights-rss.ts"),
  route("podcasts.rss", "routes/resources/podcasts-rss.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("uploads/*", "routes/resources/uploads.ts"),
  route("admin/media/upload", "routes/resources/media-upload.ts"),
  route("events/settings", "routes/resources/settings-events.ts"),
  route("admin/content/preview", "routes/resources/content-preview.ts"),
  route("admin/content/autosave", "routes/resources/content-autosave.ts"),
  route("onboarding/:projectId/autosave", "routes/resources/onboarding-autosave.ts"),
  route("admin/subscribers/export", "routes/resources/subscribers-export.ts"),
  route("admin/campaigns/preview", "routes/resources/campaign-preview.ts"),
  route("newsletter/t/:token/:kind", "routes/resources/campaign-tracking.ts"),
  route("api/chat", "routes/resources/chat.ts"),
  route("api/search", "routes/api/search.ts"),
] satisfies RouteConfig;
