/** The seven questions of the FAQ page (SPEC.md section 3 "FAQ item"). */

export type FaqItem = {
  /** Stable anchor for the question: /faq#{id}. */
  id: string;
  question: string;
  answer: string;
};

export const faqItems: FaqItem[] = [
  {
    id: "project-types",
    question: "What kinds of projects do you take on?",
    answer:
      "We build software that a business depends on: web platforms and SaaS products, mobile apps for iOS and Android, AI and machine-learning features, UI/UX and brand identity work, and VR/AR experiences. Typical engagements run from a six-week discovery and prototype to multi-year product partnerships. We are a good fit when the work is important enough to need senior engineers, and we will tell you plainly when an off-the-shelf tool would serve you better.",
  },
  {
    id: "quality-and-velocity",
    question: "How do you keep quality high without slowing down?",
    answer:
      "By making quality part of the daily routine rather than a phase at the end. Every change is reviewed by a second engineer, runs through automated tests in CI and gets its own preview environment. We ship in one-week increments to a staging URL you can open at any time, so problems surface while they are small and cheap. Speed comes from small batches and a pipeline we trust, not from skipping steps.",
  },
  {
    id: "engagement-model",
    question: "What does working with you look like day to day?",
    answer:
      "You get a small senior team led by one accountable technical lead who is your main contact. We share a chat channel and a board you can see, hold a short planning session at the start of each week and demo working software at the end of it. Decisions and trade-offs are written down as they are made, so nothing depends on someone's memory. Your people are welcome in our code reviews and ceremonies.",
  },
  {
    id: "emerging-technology",
    question: "Do you work with emerging technology like AI and spatial computing?",
    answer:
      "Yes, and with a healthy dose of engineering scepticism. We build with large language models, retrieval, computer vision and WebXR when they clearly improve an outcome, and we prove it with an evaluation or a prototype on real hardware before you commit to a full build. If a simpler, proven technique gets the same result, we will recommend it.",
  },
  {
    id: "in-progress-projects",
    question: "Can you take over a project that is already in progress?",
    answer:
      "Yes, it is a regular part of our work. We start with a two-week technical assessment: we read the code, run it, review the infrastructure, security and test coverage, and talk to whoever built it. You receive a written report with what is sound, what is risky and a prioritised plan. From there we stabilise first (builds, deployments, monitoring) and then continue delivery without a rewrite unless the evidence demands one.",
  },
  {
    id: "pricing-structure",
    question: "How is pricing structured?",
    answer:
      "We offer three engagement models. Fixed-price suits well-defined scopes such as a discovery phase or a clearly specified release. Time and materials suits evolving products, billed monthly against timesheets with a budget cap you control. Dedicated team retainers give you a stable team for a fixed monthly fee, for long-running product development. Every proposal states the model, the team, the rates and the assumptions in writing; see our pricing page for detail.",
  },
  {
    id: "post-launch-support",
    question: "What happens after launch?",
    answer:
      "Launch is the start of the product's life, not the end of our responsibility. Every project includes a stabilisation period in which we watch the monitoring, fix what real traffic reveals and tune performance. After that you can choose a support plan with agreed response times, security patching and dependency updates, continue development with us, or take everything in-house with our runbooks, documentation and a proper handover.",
  },
];
