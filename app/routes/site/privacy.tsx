import { PageHero } from "#app/components/site/page-hero.tsx";
import { StaticPart } from "#app/components/site/static-part.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Privacy",
    description:
      "What this site keeps about your visit and your messages: cookieless visit counts, the pages sent with a form you send, and nothing sold or shared.",
    path: "/privacy",
    publicUrl: publicUrlFrom(matches),
  });

const sections = [
  {
    id: "visits",
    title: "Counting visits, without cookies",
    paragraphs: [
      "Our own server counts page views. No analytics company is involved and no cookie or other identifier is stored in your browser for it.",
      "For each page view we keep the page's address, the site that linked to it (its name only, such as news.example.com), the campaign named in the link (utm_source, utm_medium, utm_campaign), whether the device is a phone, a tablet or a computer, and the country our hosting provider reports, if it does.",
      "To count how many people visited on a day without knowing who they are, we keep a code made from a random value of that day, your network address and your browser's name. The random value is deleted when the day ends, so the code cannot be made again or linked to another day, and your address itself is not stored with the visit.",
      "These page views are kept for two days and then only as daily totals per page, source, device and country.",
    ],
  },
  {
    id: "signals",
    title: "When you ask us not to",
    paragraphs: [
      "If your browser sends Do Not Track or Global Privacy Control, nothing about your visit is counted or kept, and no pages are sent with your forms. Visits from search engines and other robots, pages your browser loads in advance, and visits by our own staff are not counted either.",
    ],
  },
  {
    id: "forms",
    title: "Pages sent with a form",
    paragraphs: [
      "While you browse, this tab remembers the pages you saw (at most 50, with the time, and the site or campaign that brought you) in its own session storage, which the browser deletes when the tab is closed. It is never sent to us on its own.",
      "When you send the contact form, subscribe to the newsletter or write to us in the chat, that list goes with what you send and is kept with it, so we know what brought you. It is deleted with your message, subscription or conversation.",
      "A newsletter sign-up's list waits until the subscription is confirmed from the same browser. To know that browser again, it keeps a cookie (frontier.newsletter) that is sent only to the newsletter's own addresses and expires with the confirmation link after 7 days. A sign-up confirmed elsewhere, or never, keeps no pages.",
    ],
  },
  {
    id: "proposals",
    title: "Proposals we send you",
    paragraphs: [
      "When you open a proposal we sent you, we record the visit and how long each of its sections was on your screen, so we can answer what matters to you. Do Not Track and Global Privacy Control turn this off too.",
    ],
  },
  {
    id: "messages",
    title: "What you send us",
    paragraphs: [
      "The contact form, the newsletter and the chat keep what you write and your network address (to stop abuse). We use them only to answer you and to send the newsletter you asked for; we do not sell or share them. Write to us through the contact page to see, correct or delete what we hold about you.",
    ],
  },
];

export default function PrivacyPage() {
  return (
    <StaticPart as="main" partKey="privacy" id="main" className="container-page">
      <PageHero
        eyebrow="Privacy"
        title="What we keep about your visit"
        lead="Short version: we count visits ourselves without cookies, keep the pages you saw only if you send us a form, and respect Do Not Track and Global Privacy Control."
      />
      <div className="flex max-w-3xl flex-col gap-10">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`privacy-${section.id}`}>
            <h2 id={`privacy-${section.id}`} className="heading-md mb-3">
              {section.title}
            </h2>
            <div className="flex flex-col gap-3 leading-relaxed text-mist-300">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </StaticPart>
  );
}
