import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

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
    route("*", "routes/site/not-found.tsx"),
  ]),

  route("newsletter", "routes/resources/newsletter.ts"),
] satisfies RouteConfig;
