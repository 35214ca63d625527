/**
 * The newsletter form's messages, apart from its schema so the footer form on every page
 * can show them without loading the schema library.
 */
export const NEWSLETTER_INVALID_EMAIL = "Please enter a valid email address.";
export const NEWSLETTER_UNAVAILABLE = "The newsletter service is currently unavailable.";
