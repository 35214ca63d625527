import type { CaseStudyCardData, InsightCardData, TestimonialData } from "#shared/content/cards.ts";
import type { PageBlock } from "./blocks";

/** A testimonial as a testimonials block shows it. */
export type BlockTestimonial = TestimonialData;
/** Cards of a case studies or insights block, by id (a block may pick them). */
export type BlockCaseStudyCard = CaseStudyCardData & { id: string };
export type BlockInsightCard = InsightCardData & { id: string };

/** What one block needs beyond itself, read by the server (server/pages/site-pages.ts). */
export type PageBlockData = {
  /** Rich text and image-with-text: the Markdown as sanitised HTML. */
  html?: string;
  /** Numbered sections: each section's Markdown as sanitised HTML. */
  sectionsHtml?: string[];
  testimonials?: BlockTestimonial[];
  caseStudies?: BlockCaseStudyCard[];
  insights?: BlockInsightCard[];
};

/** A live page as the site renders it: its blocks and, by index, their data. */
export type SitePageView = {
  path: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  isNoindex: boolean;
  /** When it was last saved; null for a built-in page never stored. */
  updatedAt: string | null;
  blocks: PageBlock[];
  data: PageBlockData[];
};
