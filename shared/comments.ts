export const COMMENT_MIN = 2;
export const COMMENT_MAX = 2000;

export const COMMENT_AWAITS_MODERATION =
  "Thanks! Your comment will appear once a moderator has approved it.";
