import { z } from "#shared/zod.ts";

export type OnboardingField = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "email" | "tel" | "url" | "date";
  hint?: string;
  isRequired?: boolean;
};

export type OnboardingStep = {
  id: string;
  title: string;
  intro: string;
  fields: OnboardingField[];
  hasFiles?: boolean;
};

/** The guided onboarding form, one step per screen. */
export const onboardingSteps: OnboardingStep[] = [
  {
    id: "company",
    title: "Company details",
    intro: "Who we are working with.",
    fields: [
      { name: "companyName", label: "Company name", kind: "text", isRequired: true },
      { name: "website", label: "Website", kind: "url", hint: "https://..." },
      { name: "industry", label: "Industry", kind: "text" },
      { name: "companyAddress", label: "Address", kind: "textarea" },
    ],
  },
  {
    id: "contact",
    title: "Primary contact",
    intro: "The person we talk to day to day.",
    fields: [
      { name: "contactName", label: "Full name", kind: "text", isRequired: true },
      { name: "contactEmail", label: "Email", kind: "email", isRequired: true },
      { name: "contactPhone", label: "Phone", kind: "tel" },
      { name: "contactRole", label: "Role", kind: "text" },
    ],
  },
  {
    id: "goals",
    title: "Goals",
    intro: "What success looks like for this project.",
    fields: [
      {
        name: "goals",
        label: "What should this project achieve?",
        kind: "textarea",
        isRequired: true,
      },
      { name: "successMeasures", label: "How will you measure success?", kind: "textarea" },
    ],
  },
  {
    id: "audience",
    title: "Target audience",
    intro: "Who the product is for.",
    fields: [
      {
        name: "audience",
        label: "Who are your users or customers?",
        kind: "textarea",
        isRequired: true,
      },
      { name: "competitors", label: "Competitors or products you admire", kind: "textarea" },
    ],
  },
  {
    id: "brand",
    title: "Brand assets",
    intro:
      "Logos, brand guidelines, fonts and anything that shows your look. PDF, PNG, JPEG, WebP or GIF, up to 10 MB each.",
    hasFiles: true,
    fields: [{ name: "brandNotes", label: "Notes about your brand", kind: "textarea" }],
  },
  {
    id: "systems",
    title: "Existing systems and access",
    intro: "What we will connect to or build on.",
    fields: [
      {
        name: "existingSystems",
        label: "Systems, services and hosting you use today",
        kind: "textarea",
      },
      {
        name: "accessNotes",
        label: "Access notes",
        kind: "textarea",
        hint: "Who can grant us access and how. Never write passwords or keys here: we will arrange access with you securely.",
      },
    ],
  },
  {
    id: "timeline",
    title: "Timeline constraints",
    intro: "Dates we have to plan around.",
    fields: [
      { name: "launchDate", label: "Target launch date", kind: "date" },
      {
        name: "timelineConstraints",
        label: "Deadlines, events or blackout periods",
        kind: "textarea",
      },
    ],
  },
];

export const onboardingFieldNames = onboardingSteps.flatMap((step) =>
  step.fields.map((field) => field.name),
);

/** Words that suggest a secret was typed into a free-text field. */
const secretPattern =
  /\b(password|passwd|pwd|passcode|secret key|api[_ -]?key|private key)\s*[:=]/i;

/** One step's answers: every field optional while saving, checked for shape and for secrets. */
export function onboardingStepSchema(step: OnboardingStep) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of step.fields) {
    let schema = z
      .string()
      .trim()
      .max(field.kind === "textarea" ? 5000 : 300, "That answer is too long.");
    if (field.kind === "email")
      schema = schema.refine(
        (value) => !value || z.email().safeParse(value).success,
        "Enter a valid email address.",
      );
    if (field.kind === "url")
      schema = schema.refine(
        (value) => !value || /^https?:\/\/\S+$/.test(value),
        "Enter a web address starting with https://",
      );
    if (field.kind === "date")
      schema = schema.refine(
        (value) => !value || /^\d{4}-\d{2}-\d{2}$/.test(value),
        "Choose a date.",
      );
    schema = schema.refine(
      (value) => !secretPattern.test(value),
      "Please do not share passwords or keys here. We will arrange access with you securely.",
    );
    shape[field.name] = schema;
  }
  return z.object(shape);
}

/** The required answers still missing before the form can be submitted, as "step: field". */
export function missingAnswers(answers: Record<string, string>) {
  return onboardingSteps.flatMap((step) =>
    step.fields
      .filter((field) => field.isRequired && !answers[field.name]?.trim())
      .map((field) => ({
        step: step.id,
        field: field.name,
        label: `${step.title}: ${field.label}`,
      })),
  );
}

export const ONBOARDING_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ONBOARDING_FILE_TOO_LARGE =
  "That file is larger than 10 MB. Please send a smaller version.";
export const ONBOARDING_MAX_FILES = 20;
