import {
  budgetOptions,
  MESSAGE_MAX,
  MESSAGE_MIN,
  serviceOptions,
  timelineOptions,
  valuesOf,
} from "./contact";
import { emailAddress, visitorName, z } from "./zod";

/**
 * The contact form's schema, shared by the server and the browser; the page loads it
 * only when a visitor starts on the form (see useLazySchema).
 */
export const contactSchema = z.object({
  name: visitorName(120),
  email: emailAddress(),
  company: z
    .string()
    .trim()
    .max(160, "Please keep the company name under 160 characters.")
    .optional()
    .transform((value) => value || undefined),
  service: z.enum(valuesOf(serviceOptions), { error: "Please choose the service you need." }),
  budget: z.enum(valuesOf(budgetOptions), { error: "Please choose a budget range." }),
  timeline: z.enum(valuesOf(timelineOptions), { error: "Please choose a timeline." }),
  message: z
    .string({ error: "Please tell us about your project." })
    .trim()
    .min(MESSAGE_MIN, `Please write at least ${MESSAGE_MIN} characters about your project.`)
    .max(MESSAGE_MAX, `Please keep your message under ${MESSAGE_MAX} characters.`),
});

export type ContactInput = z.infer<typeof contactSchema>;
