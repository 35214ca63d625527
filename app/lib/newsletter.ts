import { z } from "zod";

export const NEWSLETTER_INVALID_EMAIL = "Please enter a valid email address.";
export const NEWSLETTER_UNAVAILABLE = "The newsletter service is currently unavailable.";

/** The footer form's schema, shared by the browser and the server. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_INVALID_EMAIL })
    .trim()
    .min(1, NEWSLETTER_INVALID_EMAIL)
    .max(254, NEWSLETTER_INVALID_EMAIL)
    .pipe(z.email({ error: NEWSLETTER_INVALID_EMAIL })),
});
