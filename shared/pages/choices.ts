/**
 * What the page editor offers to pick from (server/pages/choices.ts reads them): a
 * testimonials block's testimonials, a content list's chosen case studies or insights, and
 * an image from the media library.
 */
export type PickerChoice = { id: string; label: string };

export type PickerChoices = {
  testimonials: PickerChoice[];
  caseStudies: PickerChoice[];
  insights: PickerChoice[];
  /** Images of the media library; `id` is the address a block stores (/uploads/…). */
  images: PickerChoice[];
};

/** How many of the newest case studies, insights and images the pickers list. */
export const PICKER_LIMIT = 100;

export const noPickerChoices: PickerChoices = {
  testimonials: [],
  caseStudies: [],
  insights: [],
  images: [],
};
