import type { FooterLinkGroup, SiteLink, SiteNavigation } from "#shared/site-navigation.ts";

/** A link while it is edited: a stable key for React, drag and focus. */
export type EditLink = SiteLink & { key: string };
export type EditGroup = { key: string; title: string; links: EditLink[] };
export type EditState = { header: EditLink[]; footer: EditGroup[] };

let lastKey = 0;
export function newKey() {
  lastKey += 1;
  return `item-${lastKey}`;
}

const withKey = (link: SiteLink): EditLink => ({ ...link, key: newKey() });

export function toEditState(navigation: SiteNavigation): EditState {
  return {
    header: navigation.header.map(withKey),
    footer: navigation.footer.map((group) => ({
      key: newKey(),
      title: group.title,
      links: group.links.map(withKey),
    })),
  };
}

const plainLink = ({ label, href }: EditLink): SiteLink => ({ label, href });

/** What is saved: the links without their keys. */
export function toDocument(state: EditState): SiteNavigation {
  return {
    header: state.header.map(plainLink),
    footer: state.footer.map(
      (group): FooterLinkGroup => ({ title: group.title, links: group.links.map(plainLink) }),
    ),
  };
}

/** The list with the item at `from` moved to `to` (both in range). */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
