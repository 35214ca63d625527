import { z } from "zod";

export const COMMENT_MIN = 2;
export const COMMENT_MAX = 2000;

/** The comment form on an insight, shared by the browser and the server. */
export const commentSchema = z.object({
  name: z
    .string({ error: "Please tell us your name." })
    .trim()
    .min(1, "Please tell us your name.")
    .max(80, "Please keep your name under 80 characters."),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
  body: z
    .string({ error: "Please write a comment." })
    .trim()
    .min(COMMENT_MIN, `A comment needs at least ${COMMENT_MIN} characters.`)
    .max(COMMENT_MAX, `Please keep your comment under ${COMMENT_MAX} characters.`),
});

export type CommentInput = z.infer<typeof commentSchema>;

export const COMMENT_AWAITS_MODERATION =
  "Thanks! Your comment will appear once a moderator has approved it.";
