import type { podcastEpisodes, testimonials } from "#server/db/schema/content.ts";

export const demoTestimonials: Array<typeof testimonials.$inferInsert> = [
  {
    quote:
      "They asked better questions in the first week than our previous agency did in a year. The platform launched on time and has not had a serious incident since.",
    name: "Hannah Ross",
    role: "VP Operations",
    company: "Northline Freight",
    photoUrl: "/media/people/hannah-ross.webp",
    photoAlt: "Initials badge for Hannah Ross",
    position: 1,
  },
  {
    quote:
      "The evaluation set changed how our clinicians saw AI. They could see exactly where it was right and where it was not, and that built trust.",
    name: "Dr. Samuel Achterberg",
    role: "Chief Medical Officer",
    company: "Harbourside Health",
    photoUrl: "/media/people/samuel-achterberg.webp",
    photoAlt: "Initials badge for Samuel Achterberg",
    position: 2,
  },
  {
    quote:
      "Our app finally works in the places our customers actually shop. Ratings went from 3.1 to 4.8 and stayed there.",
    name: "Olivia Mensah",
    role: "Head of Digital",
    company: "FreshCart Markets",
    photoUrl: "/media/people/olivia-mensah.webp",
    photoAlt: "Initials badge for Olivia Mensah",
    position: 3,
  },
  {
    quote:
      "Twelve product teams, one design language. The next rebrand will take us a day instead of a year.",
    name: "Tomasz Nowak",
    role: "Design Director",
    company: "Meridian Mutual",
    position: 4,
  },
  {
    quote:
      "New starters practise the procedure until they are confident, and we never stop the line for it. The VR training paid for itself in a quarter.",
    name: "Grace Whitfield",
    role: "Health & Safety Manager",
    company: "Kestrel Packaging",
    position: 5,
  },
  {
    quote:
      "Enrolment day used to be the worst day of our year. This September nobody noticed it, which is the best compliment I can give.",
    name: "Ahmed Karimi",
    role: "Director of IT",
    company: "Westbrook College",
    photoUrl: "/media/people/ahmed-karimi.webp",
    photoAlt: "Initials badge for Ahmed Karimi",
    position: 6,
  },
];

type NewEpisode = typeof podcastEpisodes.$inferInsert & { file: string; daysAgo: number };

export const demoEpisodes: NewEpisode[] = [
  {
    slug: "evaluation-first-ai",
    title: "Evaluation-first AI, with Priya Shah",
    showNotes:
      "Priya explains why we label real examples before writing a single prompt.\n\n- What goes into an evaluation set\n- Disagreements between experts\n- Running the harness in CI\n\nRead more: [Write the evaluation set before the first prompt](/insights/evaluation-sets-before-prompts).",
    file: "episode-1.wav",
    durationSeconds: 3,
    season: 1,
    episode: 1,
    daysAgo: 5,
  },
  {
    slug: "the-case-for-boring",
    title: "The case for boring architecture",
    showNotes:
      "Marcus and Lena argue about monoliths, job queues in a table, and when splitting a service is worth it.",
    file: "episode-2.wav",
    durationSeconds: 3,
    season: 1,
    episode: 2,
    daysAgo: 19,
  },
  {
    slug: "apps-in-the-car-park",
    title: "Apps that work in the car park",
    showNotes:
      "Offline-first mobile in practice: local databases, idempotent sync and testing in lifts.\n\n**Mentioned:** the FreshCart case study.",
    file: "episode-3.wav",
    durationSeconds: 4,
    season: 1,
    episode: 3,
    daysAgo: 33,
  },
  {
    slug: "comfort-is-a-requirement",
    title: "Comfort is a requirement: building for headsets",
    showNotes:
      "Riya on frame budgets, motion comfort and why the first VR prototype is always grey boxes.",
    file: "episode-4.wav",
    durationSeconds: 3,
    season: 1,
    episode: 4,
    daysAgo: 47,
  },
];

/** Approved demo comments, by insight slug. */
export const demoComments = [
  {
    insightSlug: "evaluation-sets-before-prompts",
    name: "Dana Whitaker",
    email: "dana@example.com",
    body: "We started doing this after a painful launch. Labelling disagreements between two experts was the most useful meeting we had all quarter.",
  },
  {
    insightSlug: "evaluation-sets-before-prompts",
    name: "Felix Brandt",
    email: "felix@example.com",
    body: "How large does the set need to be before the score is stable? We are at 200 examples and it still jumps around.",
  },
  {
    insightSlug: "boring-architecture",
    name: "Mei Lin",
    email: "mei@example.com",
    body: "A job queue in a Postgres table carried us to a million users. Agreed on every point.",
  },
];
