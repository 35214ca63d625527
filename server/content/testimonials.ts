import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { testimonials } from "#server/db/schema/content.ts";
import type { TestimonialData } from "#shared/content/cards.ts";

export type PublicTestimonial = TestimonialData;

/** The visible testimonials in the order staff set. */
export async function findVisibleTestimonials({
  db,
  limit = 12,
}: {
  db: Db;
  limit?: number;
}): Promise<PublicTestimonial[]> {
  return db
    .select({
      id: testimonials.id,
      quote: testimonials.quote,
      name: testimonials.name,
      role: testimonials.role,
      company: testimonials.company,
      photoUrl: testimonials.photoUrl,
      photoAlt: testimonials.photoAlt,
    })
    .from(testimonials)
    .where(eq(testimonials.isVisible, true))
    .orderBy(asc(testimonials.position), asc(testimonials.createdAt), asc(testimonials.id))
    .limit(limit);
}
