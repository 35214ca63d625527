import type { PageBlock } from "./blocks";

/** A testimonial as a testimonials block shows it. */
export type BlockTestimonial = {
  id: string;
  quote: string;
  name: string;
  role: string;
  company: string;
  photoUrl: string | null;
  photoAlt: string | null;
};

export type BlockCaseStudyCard = {
  id: string;
  slug: string;
  title: string;
  client: string;
  industry: string;
  services: string[];
  summary: string;
  metrics: Array<{ label: string; value: string }>;
  coverImage: string | null;
  coverAlt: string | null;
};

export type BlockInsightCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  coverImage: string | null;
  coverAlt: string | null;
  publishedAt: Date | string | null;
  readingMinutes: number;
};

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
