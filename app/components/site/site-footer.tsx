import { socialLinks } from "#app/lib/navigation.ts";
import type { FooterLinkGroup } from "#shared/site-navigation.ts";
import { InternalLink } from "./internal-link";
import { Logo } from "./logo";
import { FooterLinkGroups } from "./menu-link";
import { NewsletterForm } from "./newsletter-form";
import { StaticPart } from "./static-part";

export function SiteFooter({
  logoSrc,
  logoWidth,
  groups,
}: {
  logoSrc?: string;
  logoWidth: number;
  /** The published footer link groups (staff edit them at /admin/settings/navigation). */
  groups: FooterLinkGroup[];
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="relative z-10 mt-24 border-t border-white/10 bg-ink-950/80">
      <div className="container-page grid gap-12 py-16 md:grid-cols-2 lg:grid-cols-[1.3fr_2fr_1.6fr]">
        <div className="flex flex-col gap-4">
          <Logo src={logoSrc} width={logoWidth} />
          <p className="font-display text-lg font-semibold text-white">
            Digital Frontier Engineering
          </p>
          <p className="max-w-xs text-sm text-mist-400">
            Senior engineers who design, build and run the software your business depends on.
          </p>
        </div>
        <StaticPart data={groups} partKey="footer-menus">
          <FooterLinkGroups groups={groups} />
        </StaticPart>
        <div className="flex flex-col gap-4">
          <h2 className="heading-md">Field notes, monthly</h2>
          <p className="text-sm text-mist-400">
            One email a month on what we learned shipping software. No spam, leave any time.
          </p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-white/5">
        <StaticPart
          data={socialLinks}
          partKey={`footer-end:${year}`}
          className="container-page flex flex-col gap-4 py-6 text-sm text-mist-400 md:flex-row md:items-center md:justify-between"
        >
          <p>© {year} Digital Frontier. All rights reserved.</p>
          <ul className="flex flex-wrap items-center gap-4" aria-label="Social and feeds">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <InternalLink to="/privacy" className="hover:text-white">
                Privacy
              </InternalLink>
            </li>
            <li>
              <a href="/insights.rss" className="hover:text-white">
                Insights RSS
              </a>
            </li>
            <li>
              <a href="/podcasts.rss" className="hover:text-white">
                Podcasts RSS
              </a>
            </li>
          </ul>
        </StaticPart>
      </div>
    </footer>
  );
}
