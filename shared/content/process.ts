/** The four process steps (SPEC.md section 3 "Process step"). */

export type ProcessStep = { id: number; title: string; description: string };

export const processSteps: ProcessStep[] = [
  {
    id: 1,
    title: "Discover",
    description:
      "We meet the people who will use and run the product, read the data, and write down the goals, constraints and risks in plain language. You leave with a scoped plan and an honest estimate.",
  },
  {
    id: 2,
    title: "Design",
    description:
      "Flows, interfaces and architecture are designed together and tested early with real users and real load assumptions, so the expensive decisions are made on evidence.",
  },
  {
    id: 3,
    title: "Develop",
    description:
      "Senior engineers build in one-week increments with a working staging build from the first week, code review on every change and tests that run on every commit.",
  },
  {
    id: 4,
    title: "Deploy",
    description:
      "We launch with monitoring, a rehearsed rollback and runbooks, stay on through stabilisation, and hand over a system your team can operate with confidence.",
  },
];
