import { type FooterLinkGroup, isExternalHref, type SiteLink } from "#shared/site-navigation.ts";
import { InternalLink, InternalNavLink, leadsTo } from "./internal-link";

/** Home is current on itself only; any other entry on the pages below it too. */
const isCurrentOnItselfOnly = (link: SiteLink) => link.href === "/";

/**
 * Which of the header menu's entries are the current page ("0100"): all that a menu's
 * markup depends on besides its links, so the key its static part is kept by (decision 737).
 */
export function currentMenuEntries(links: SiteLink[], path: string) {
  return links
    .map((link) =>
      !isExternalHref(link.href) && leadsTo(link.href, path, isCurrentOnItselfOnly(link)) ? 1 : 0,
    )
    .join("");
}

/** An external menu link opens in a new tab, without giving that site a handle on ours. */
const externalProps = { target: "_blank", rel: "noopener noreferrer" } as const;

/** A header menu entry: a page of the site (marked when it is the current one) or another site. */
export function HeaderMenuLink({
  link,
  className,
  onClick,
}: {
  link: SiteLink;
  className: (isActive: boolean) => string;
  onClick?: () => void;
}) {
  if (isExternalHref(link.href))
    return (
      <a href={link.href} {...externalProps} className={className(false)} onClick={onClick}>
        {link.label}
      </a>
    );
  return (
    <InternalNavLink
      to={link.href}
      end={isCurrentOnItselfOnly(link)}
      prefetch="intent"
      onClick={onClick}
      className={className}
    >
      {link.label}
    </InternalNavLink>
  );
}

/** The header's desktop menu, also drawn by the navigation editor's preview. */
export function HeaderMenu({ links }: { links: SiteLink[] }) {
  return (
    <ul className="flex flex-wrap items-center justify-end gap-1">
      {links.map((link, index) => (
        <li key={`${index}:${link.href}`}>
          <HeaderMenuLink
            link={link}
            className={(isActive) =>
              `inline-block rounded-full px-3 py-2 text-sm font-medium transition ${
                isActive ? "bg-white/10 text-white" : "text-mist-300 hover:text-white"
              }`
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** One of the footer's link groups, also drawn by the navigation editor's preview. */
export function FooterLinkList({ title, links }: { title: string; links: SiteLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="heading-md mb-4">{title}</h2>
      <ul className="flex flex-col gap-2">
        {links.map((link, index) => (
          <li key={`${index}:${link.href}`}>
            {isExternalHref(link.href) ? (
              <a href={link.href} {...externalProps} className="text-mist-300 hover:text-white">
                {link.label}
              </a>
            ) : (
              <InternalLink
                to={link.href}
                prefetch="intent"
                className="text-mist-300 hover:text-white"
              >
                {link.label}
              </InternalLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer's link groups, side by side (two to a row). */
export function FooterLinkGroups({ groups }: { groups: FooterLinkGroup[] }) {
  return (
    <div className="grid gap-12 sm:grid-cols-2">
      {groups.map((group, index) => (
        <FooterLinkList key={`${index}:${group.title}`} title={group.title} links={group.links} />
      ))}
    </div>
  );
}
