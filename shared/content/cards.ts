/** What a card of the public site shows: the lists, the pages built from blocks (shared/pages/view.ts). */

export type CaseStudyCardData = {
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

export type InsightCardData = {
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

export type TestimonialData = {
  id: string;
  quote: string;
  name: string;
  role: string;
  company: string;
  photoUrl: string | null;
  photoAlt: string | null;
};
