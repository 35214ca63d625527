import { z } from "#shared/zod.ts";

export const campaignFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the campaign (only staff see it).")
    .max(120, "Keep the name under 120 characters."),
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject line.")
    .max(150, "Keep the subject under 150 characters."),
  previewText: z
    .string()
    .trim()
    .max(200, "Keep the preview text under 200 characters.")
    .default(""),
  body: z.string().trim().min(1, "Write the message.").max(100_000, "The message is too long."),
  audienceTags: z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? "")
          .split(/[,;]/)
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(40)).max(20, "Use at most 20 tags.")),
  isTrackingEnabled: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export type CampaignInput = z.infer<typeof campaignFormSchema>;

export const testSendSchema = z.object({
  to: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(/[,;\s]+/)
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.email("Enter valid email addresses, separated by commas."))
        .min(1, "Enter at least one address for the test.")
        .max(5, "Send a test to at most 5 addresses."),
    ),
});

export const scheduleSchema = z.object({
  when: z.enum(["now", "later"]),
  sendAt: z
    .string()
    .optional()
    .transform((value) => (value ? new Date(value) : null))
    .refine(
      (value) => value === null || !Number.isNaN(value.getTime()),
      "Enter a valid date and time.",
    ),
});
