/** The three core directives (SPEC.md section 1) that shape every engagement. */

export type Directive = {
  name: "Velocity" | "Precision" | "Partnership";
  icon: string;
  body: string;
};

export const directives: Directive[] = [
  {
    name: "Velocity",
    icon: "velocity",
    body: "Working software on a staging URL in the first week, then every week after. Small batches, automated pipelines and quick decisions keep momentum without cutting corners, so you learn from real users months sooner.",
  },
  {
    name: "Precision",
    icon: "precision",
    body: "We measure before we build and verify before we ship: typed code, reviewed changes, tests on every commit, and performance and accessibility budgets enforced in CI. Estimates come with their assumptions written down.",
  },
  {
    name: "Partnership",
    icon: "partnership",
    body: "One accountable lead, a board you can see and trade-offs explained in plain language. We tell you early when something is off, and we build so that your team can own the result the day we hand it over.",
  },
];
