import type { TestimonialData } from "#shared/content/cards.ts";
import { renditionsOf } from "#shared/images.ts";

export type { TestimonialData } from "#shared/content/cards.ts";

/** What clients say, in the order staff set; a photo only when there is one. */
export function TestimonialsSection({
  testimonials,
  title = "What our clients say",
  eyebrow = "Testimonials",
}: {
  testimonials: TestimonialData[];
  title?: string;
  eyebrow?: string;
}) {
  if (!testimonials.length) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="my-24">
      <p className="eyebrow mb-3">{eyebrow}</p>
      <h2 id="testimonials-heading" className="heading-lg mb-12">
        {title}
      </h2>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <figure className="card flex h-full flex-col gap-6">
              <blockquote className="flex-1 text-lg leading-relaxed text-mist-100">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="flex items-center gap-4">
                {testimonial.photoUrl ? (
                  <img
                    src={renditionsOf(testimonial.photoUrl)?.smallest ?? testimonial.photoUrl}
                    alt={testimonial.photoAlt ?? ""}
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="h-12 w-12 rounded-full object-cover"
                  />
                ) : null}
                <span className="flex flex-col">
                  <span className="font-semibold text-white">{testimonial.name}</span>
                  <span className="text-sm text-mist-400">
                    {testimonial.role}, {testimonial.company}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
