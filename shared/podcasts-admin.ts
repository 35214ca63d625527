import { optionalImageUrl, publishStatuses, SLUG_PATTERN } from "#shared/content-admin/forms.ts";
import { z } from "./zod";

/** The podcast episode editor's form (browser and server). */

/** "1:02:03", "62:03" or a number of seconds, to seconds; "" to null. */
export function parseDuration(value: string) {
  const text = value.trim();
  if (!text) return null;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(text)) return undefined;
  const parts = text.split(":").map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return undefined;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export function formatDurationInput(seconds: number | null | undefined) {
  if (seconds === null || seconds === undefined) return "";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

const optionalNumber = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1 || number > 9999) {
        context.addIssue({
          code: "custom",
          message: `Enter the ${label} as a whole number from 1 to 9999.`,
        });
        return z.NEVER;
      }
      return number;
    });

/**
 * An http:// address that the site's Content-Security-Policy (media-src 'self' blob: https:)
 * blocks: the player shows 0:00 and never plays.
 */
export function isBlockedAudioUrl(url: string | null | undefined) {
  return /^http:\/\//i.test(url?.trim() ?? "");
}

export const BLOCKED_AUDIO_MESSAGE =
  "This audio address starts with http://, which the site blocks for security: the player would never play it. Use its https:// address, or upload the file.";

export const audioUrlField = z
  .string()
  .trim()
  .max(2048, "Keep the audio address under 2048 characters.")
  .refine((value) => !isBlockedAudioUrl(value), { message: BLOCKED_AUDIO_MESSAGE })
  .refine((value) => value === "" || /^(https:\/\/[^\s]+|\/[^\s]*)$/.test(value), {
    message: "Enter an address starting with https:// or /, or upload the audio file.",
  })
  .optional()
  .transform((value) => value || null);

export const podcastFormSchema = z
  .object({
    /** Video episodes (from the YouTube sync) have no audio of their own. */
    kind: z.enum(["audio", "video"]).default("audio"),
    title: z
      .string({ error: "Enter the title." })
      .trim()
      .min(1, "Enter the title.")
      .max(200, "Keep the title under 200 characters."),
    slug: z
      .string({ error: "Enter a slug." })
      .trim()
      .toLowerCase()
      .min(1, "Enter a slug.")
      .max(100, "Keep the slug under 100 characters.")
      .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (e.g. episode-12)."),
    showNotes: z
      .string()
      .trim()
      .max(50_000, "Keep the show notes under 50,000 characters.")
      .default(""),
    audioUrl: audioUrlField,
    duration: z
      .string()
      .optional()
      .transform((value, context) => {
        const seconds = parseDuration(value ?? "");
        if (seconds === undefined) {
          context.addIssue({ code: "custom", message: "Write the duration as 42:30 or 1:02:03." });
          return z.NEVER;
        }
        return seconds;
      }),
    season: optionalNumber("season"),
    episode: optionalNumber("episode number"),
    coverImage: optionalImageUrl,
    isExplicit: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((value) => value === "on" || value === "true"),
    status: z.enum(publishStatuses, { error: "Choose draft, scheduled or published." }),
    publishAt: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        const date = new Date(value);
        if (Number.isNaN(date.getTime())) {
          context.addIssue({ code: "custom", message: "Enter a valid date and time." });
          return z.NEVER;
        }
        return date;
      }),
  })
  .superRefine((value, context) => {
    if (value.kind === "audio" && value.status !== "draft" && !value.audioUrl)
      context.addIssue({
        code: "custom",
        path: ["audioUrl"],
        message: "Upload the audio file or enter its address before publishing.",
      });
    if (value.status !== "scheduled") return;
    if (!value.publishAt)
      context.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "Choose when to publish it.",
      });
    else if (value.publishAt.getTime() <= Date.now() - 60_000)
      context.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "Choose a time in the future.",
      });
  });

export type PodcastInput = z.infer<typeof podcastFormSchema>;
