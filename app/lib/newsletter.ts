import { z } from "zod";

export const NEWSLETTER_INVALID_EMAIL = "Please enter a valid email address.";
export const NEWSLETTER_UNAVAILABLE = "The newsletter service is currently unavailable.";

/** The footer form's schema: the server's decision (the browser uses the input's own email check). */
export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_INVALID_EMAIL })
    .trim()
    .min(1, NEWSLETTER_INVALID_EMAIL)
    .max(254, NEWSLETTER_INVALID_EMAIL)
    .pipe(z.email({ error: NEWSLETTER_INVALID_EMAIL })),
});
