import { COMMENT_MAX, COMMENT_MIN } from "./comments";
import { emailAddress, visitorName, z } from "./zod";

/**
 * The comment form's schema, shared by the server and the browser; the insight page loads
 * it only when a visitor starts on the form (see useLazySchema).
 */
export const commentSchema = z.object({
  name: visitorName(80),
  email: emailAddress(),
  body: z
    .string({ error: "Please write a comment." })
    .trim()
    .min(COMMENT_MIN, `A comment needs at least ${COMMENT_MIN} characters.`)
    .max(COMMENT_MAX, `Please keep your comment under ${COMMENT_MAX} characters.`),
});

export type CommentInput = z.infer<typeof commentSchema>;
