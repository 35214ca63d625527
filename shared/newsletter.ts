import { NEWSLETTER_INVALID_EMAIL } from "./newsletter-messages";
import { z } from "./zod";

export { NEWSLETTER_INVALID_EMAIL, NEWSLETTER_UNAVAILABLE } from "./newsletter-messages";

/** The footer form's schema: the server's decision (the browser uses the input's own email check). */
export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_INVALID_EMAIL })
    .trim()
    .min(1, NEWSLETTER_INVALID_EMAIL)
    .max(254, NEWSLETTER_INVALID_EMAIL)
    .pipe(z.email({ error: NEWSLETTER_INVALID_EMAIL })),
});
