import { z } from "./zod";

/** "UC" and 22 more characters of YouTube's id alphabet. */
export const CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;

export const channelIdSchema = z
  .string({ error: "Enter a channel id." })
  .trim()
  .regex(
    CHANNEL_ID_PATTERN,
    "A channel id starts with UC and has 24 characters (e.g. UCxxxxxxxxxxxxxxxxxxxxxx).",
  );
