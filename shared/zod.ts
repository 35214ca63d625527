import { z } from "zod";

// Our pages run under a CSP without 'unsafe-eval'. Zod would otherwise probe `new Function`
// when it builds object schemas, which browsers report as a policy violation.
z.config({ jitless: true });

/** Zod, configured for the browser: every schema the pages share is built from this. */
export { z };

const INVALID_EMAIL = "Please enter a valid email address.";
const NAME_MISSING = "Please tell us your name.";

/** An email address as the public forms ask for it. */
export const emailAddress = () =>
  z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(254, INVALID_EMAIL)
    .pipe(z.email({ error: INVALID_EMAIL }));

/** A visitor's name: required, at most `max` characters. */
export const visitorName = (max: number) =>
  z
    .string({ error: NAME_MISSING })
    .trim()
    .min(1, NAME_MISSING)
    .max(max, `Please keep your name under ${max} characters.`);
