/** The five services (SPEC.md section 3 "Service"): what cards, menus and forms need. The long guide text lives in service-guides.ts so pages that only list services stay light. */

export type ServiceId = "web-platforms" | "ai-ml" | "mobile-apps" | "ui-ux-design" | "vr-ar";

export type Service = {
  id: ServiceId;
  /** The guide's URL segment: /services/{slug}. */
  slug: string;
  name: string;
  /** Key of the inline icon drawn by `ContentIcon`. */
  icon: string;
  /** One sentence for cards and meta descriptions. */
  summary: string;
  /** Slugs of related case studies; filled by the case-studies area when it links them. */
  caseStudies: string[];
};

export const services: Service[] = [
  {
    id: "web-platforms",
    slug: "scalable-web-platforms",
    name: "Scalable Web Platforms",
    icon: "web-platforms",
    summary:
      "Customer portals, marketplaces and SaaS products built to stay fast and maintainable as traffic, data and teams grow.",
    caseStudies: [],
  },
  {
    id: "ai-ml",
    slug: "ai-machine-learning",
    name: "AI & Machine Learning",
    icon: "ai-ml",
    summary:
      "Language models, retrieval and predictive models wired into real products, with evaluation, cost control and a human in the loop where it matters.",
    caseStudies: [],
  },
  {
    id: "mobile-apps",
    slug: "mobile-application-engineering",
    name: "Mobile Application Engineering",
    icon: "mobile-apps",
    summary:
      "iOS and Android apps that feel native, work offline, ship through the stores on a steady cadence and keep crash rates low.",
    caseStudies: [],
  },
  {
    id: "ui-ux-design",
    slug: "ui-ux-brand-identity",
    name: "UI/UX & Brand Identity",
    icon: "ui-ux-design",
    summary:
      "Research-led interface design and brand systems that engineers can build precisely and marketers can extend without breaking.",
    caseStudies: [],
  },
  {
    id: "vr-ar",
    slug: "vr-ar-development",
    name: "VR/AR Development",
    icon: "vr-ar",
    summary:
      "Immersive training, product visualisation and spatial experiences for headsets, phones and the web, built to run smoothly on real hardware.",
    caseStudies: [],
  },
];

export function findServiceBySlug(slug: string) {
  return services.find((service) => service.slug === slug);
}

export function findServiceById(id: string) {
  return services.find((service) => service.id === id);
}

export function servicePath(service: Pick<Service, "slug">) {
  return `/services/${service.slug}`;
}
