import { services } from "#shared/content/services.ts";

export const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 5000;

/** The services a visitor can ask about: the five, or something else. */
export const serviceOptions = [
  ...services.map((service) => ({ value: service.id as string, label: service.name })),
  { value: "other", label: "Something else" },
];

export const budgetOptions = [
  { value: "under-25k", label: "Under $25k" },
  { value: "25k-50k", label: "$25k to $50k" },
  { value: "50k-100k", label: "$50k to $100k" },
  { value: "100k-250k", label: "$100k to $250k" },
  { value: "over-250k", label: "More than $250k" },
  { value: "not-sure", label: "Not sure yet" },
];

export const timelineOptions = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-3-months", label: "Within 1 to 3 months" },
  { value: "3-6-months", label: "In 3 to 6 months" },
  { value: "exploring", label: "Just exploring" },
];

export const valuesOf = (options: Array<{ value: string }>) =>
  options.map((option) => option.value) as [string, ...string[]];

export function labelOf(options: Array<{ value: string; label: string }>, value: string | null) {
  return options.find((option) => option.value === value)?.label ?? value ?? "";
}

export const CONTACT_THANKS = "Thanks for getting in touch! We will reply within one working day.";
