import { SitePage, sitePageMeta } from "#app/components/pages/site-page.tsx";
import { socialLinks } from "#app/lib/navigation.ts";
import { publicUrlFrom } from "#app/root.tsx";
import { requireSitePage } from "#server/pages/site-pages.ts";
import { absoluteUrl, SITE_NAME } from "#shared/seo.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await requireSitePage({ db: context.db, path: "/" }) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const publicUrl = publicUrlFrom(matches);
  return sitePageMeta(data.page, publicUrl, [
    {
      "@type": "Organization",
      name: SITE_NAME,
      url: absoluteUrl(publicUrl, "/"),
      logo: absoluteUrl(publicUrl, "/logo.svg"),
      slogan: "Engineering The Digital Frontier",
      description:
        "A software engineering agency for web platforms, AI and machine learning, mobile apps, UI/UX and brand identity, and VR/AR development.",
      sameAs: socialLinks.map((link) => link.href),
    },
  ]);
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return <SitePage view={loaderData.page} />;
}
