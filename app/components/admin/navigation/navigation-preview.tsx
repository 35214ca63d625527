import { Logo } from "#app/components/site/logo.tsx";
import { FooterLinkGroups, HeaderMenu } from "#app/components/site/menu-link.tsx";
import type { SiteNavigation } from "#shared/site-navigation.ts";

/**
 * The header and footer as visitors will see them, drawn by the public site's
 * own menu components from what is being edited. Inert: a preview link leads nowhere.
 */
export function NavigationPreview({
  navigation,
  logoSrc,
  logoWidth,
}: {
  navigation: SiteNavigation;
  logoSrc?: string;
  logoWidth: number;
}) {
  const header = navigation.header.filter((link) => link.label.trim());
  const footer = navigation.footer.map((group) => ({
    ...group,
    links: group.links.filter((link) => link.label.trim()),
  }));
  return (
    <section aria-labelledby="navigation-preview-title" className="card space-y-4 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="navigation-preview-title" className="heading-md">
          Preview
        </h2>
        <p className="text-sm text-mist-400">As the site will show it once published.</p>
      </div>
      <div inert className="overflow-hidden rounded-lg border border-white/10">
        <div
          data-preview="header"
          className="flex min-h-18 flex-wrap items-center justify-between gap-4 border-b border-white/5 bg-ink-950 px-5 py-3"
        >
          <Logo src={logoSrc} width={Math.min(logoWidth, 160)} />
          <nav aria-label="Main menu preview" className="min-w-0">
            <HeaderMenu links={header} />
          </nav>
        </div>
        <div data-preview="footer" className="bg-ink-950/80 px-5 py-6">
          <FooterLinkGroups groups={footer} />
        </div>
      </div>
    </section>
  );
}
