import { z } from "./zod";

/** The navigation editor's document (browser and server): the header menu and the footer groups. */

export const NAVIGATION_LIMITS = { headerLinks: 12, footerGroups: 4, groupLinks: 12, text: 40 };

const INTERNAL_PATH = /^\/(?:[a-z0-9._~-]+(?:\/[a-z0-9._~-]+)*\/?)?(?:\?[^\s#]*)?(?:#\S*)?$/i;
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

/**
 * Why a link's address is refused, or null when its form is right: a page of
 * this site ("/pricing") or a well-formed https:// address. Whether the page
 * exists is the server's check (checkNavigationLinks).
 */
export function hrefProblem(value: string): string | null {
  const href = value.trim();
  if (!href) return "Pick a page, or enter an address.";
  if (href.length > 2048) return "Keep the address under 2048 characters.";
  if (href.startsWith("/")) {
    if (INTERNAL_PATH.test(href)) return null;
    return "Enter a page of this site as a path, such as /pricing.";
  }
  if (/^http:\/\//i.test(href))
    return "Use an https:// address: visitors would leave the site over an insecure http:// link.";
  if (!/^https:\/\//i.test(href))
    return "Enter a page of this site (starting with /) or an address starting with https://.";
  if (/\s/.test(href)) return "Remove the spaces from the address.";
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "This address is not well formed. Copy it from the browser's address bar.";
  }
  if (url.username || url.password) return "Remove the user name and password from the address.";
  if (!HOST_NAME.test(url.hostname))
    return "Enter a full address with a domain name, such as https://example.com/page.";
  return null;
}

const text = (what: string) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(NAVIGATION_LIMITS.text, `Keep the ${what} under ${NAVIGATION_LIMITS.text} characters.`);

export const siteLinkSchema = z.object({
  label: text("link text"),
  href: z
    .string({ error: "Pick a page, or enter an address." })
    .trim()
    .superRefine((href, context) => {
      const problem = hrefProblem(href);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});

/** The same address twice in one menu is a mistake (two links to one page). */
function refuseRepeats(
  links: Array<{ href: string }>,
  context: z.RefinementCtx,
  path: Array<string | number>,
) {
  const seen = new Set<string>();
  links.forEach((link, index) => {
    const key = link.href.trim().toLowerCase();
    if (seen.has(key))
      context.addIssue({
        code: "custom",
        path: [...path, index, "href"],
        message: `${link.href} is already in this menu. Remove one of the two links.`,
      });
    seen.add(key);
  });
}

export const siteNavigationSchema = z
  .object({
    header: z
      .array(siteLinkSchema, { error: "The header menu could not be read." })
      .min(1, "Keep at least one link in the header menu.")
      .max(
        NAVIGATION_LIMITS.headerLinks,
        `The header menu holds at most ${NAVIGATION_LIMITS.headerLinks} links.`,
      ),
    footer: z
      .array(
        z.object({
          title: text("group title"),
          links: z
            .array(siteLinkSchema)
            .min(1, "Add a link to this group, or remove the group.")
            .max(
              NAVIGATION_LIMITS.groupLinks,
              `A footer group holds at most ${NAVIGATION_LIMITS.groupLinks} links.`,
            ),
        }),
        { error: "The footer groups could not be read." },
      )
      .min(1, "Keep at least one link group in the footer.")
      .max(
        NAVIGATION_LIMITS.footerGroups,
        `The footer holds at most ${NAVIGATION_LIMITS.footerGroups} link groups.`,
      ),
  })
  .superRefine((value, context) => {
    refuseRepeats(value.header, context, ["header"]);
    value.footer.forEach((group, index) => {
      refuseRepeats(group.links, context, ["footer", index, "links"]);
    });
  });

/** The form sends the whole document as JSON in one field. */
export const NAVIGATION_FIELD = "navigation";
