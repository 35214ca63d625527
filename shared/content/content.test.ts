import { describe, expect, it } from "vitest";
import { directives } from "./directives";
import { faqItems } from "./faq";
import { personas } from "./personas";
import { pricingModels } from "./pricing";
import { processSteps } from "./process";
import { serviceGuides } from "./service-guides";
import { findServiceById, findServiceBySlug, servicePath, services } from "./services";
import { technologies } from "./technologies";

describe("services", () => {
  it("are the five services of the spec, each at its guide slug", () => {
    expect(services.map((service) => [service.id, service.slug])).toEqual([
      ["web-platforms", "scalable-web-platforms"],
      ["ai-ml", "ai-machine-learning"],
      ["mobile-apps", "mobile-application-engineering"],
      ["ui-ux-design", "ui-ux-brand-identity"],
      ["vr-ar", "vr-ar-development"],
    ]);
  });

  it("each have a name, icon, what, why, how, deliverables and an empty case-study list", () => {
    for (const service of services) {
      expect(service.name).not.toBe("");
      expect(service.icon).not.toBe("");
      const guide = serviceGuides[service.id];
      for (const section of [guide.what, guide.why, guide.how]) {
        expect(section.length).toBeGreaterThanOrEqual(2);
        for (const paragraph of section) expect(paragraph.length).toBeGreaterThan(80);
      }
      expect(guide.deliverables.length).toBeGreaterThanOrEqual(4);
      expect(service.caseStudies).toEqual([]);
    }
  });

  it("map id to slug and back", () => {
    for (const service of services) {
      expect(findServiceBySlug(service.slug)).toBe(service);
      expect(findServiceById(service.id)).toBe(service);
      expect(servicePath(service)).toBe(`/services/${service.slug}`);
    }
    expect(findServiceBySlug("ai-ml")).toBeUndefined();
    expect(findServiceBySlug("nothing-here")).toBeUndefined();
  });
});

describe("process steps", () => {
  it("are Discover, Design, Develop, Deploy with ids 1 to 4", () => {
    expect(processSteps.map((step) => [step.id, step.title])).toEqual([
      [1, "Discover"],
      [2, "Design"],
      [3, "Develop"],
      [4, "Deploy"],
    ]);
    for (const step of processSteps) expect(step.description.length).toBeGreaterThan(40);
  });
});

describe("technologies", () => {
  it("are the thirteen of the spec, each with its own icon", () => {
    expect(technologies.map((technology) => technology.name)).toEqual([
      "React/Next.js",
      "TypeScript",
      "Node.js/Express",
      "Kubernetes",
      "AWS Cloud",
      "Google Cloud",
      "Figma",
      "Photoshop",
      "Illustrator",
      "Tailwind CSS",
      "GraphQL",
      "Docker",
      "AI/ML Frameworks",
    ]);
    expect(new Set(technologies.map((technology) => technology.icon)).size).toBe(13);
  });
});

describe("FAQ", () => {
  it("has seven questions with unique anchors and real answers", () => {
    expect(faqItems).toHaveLength(7);
    expect(new Set(faqItems.map((item) => item.id)).size).toBe(7);
    for (const item of faqItems) {
      expect(item.question.endsWith("?")).toBe(true);
      expect(item.answer.length).toBeGreaterThan(150);
    }
  });

  it("names the three pricing models in the pricing answer", () => {
    const pricing = faqItems.find((item) => item.id === "pricing-structure");
    expect(pricing?.answer).toMatch(/fixed-price/i);
    expect(pricing?.answer).toMatch(/time and materials/i);
    expect(pricing?.answer).toMatch(/dedicated team retainers/i);
  });
});

describe("pricing models, directives and personas", () => {
  it("offer fixed price, time and materials and a dedicated team retainer", () => {
    expect(pricingModels.map((model) => model.name)).toEqual([
      "Fixed Price",
      "Time and Materials",
      "Dedicated Team Retainer",
    ]);
    for (const model of pricingModels) {
      expect(model.suits.length).toBeGreaterThan(0);
      expect(model.billing).not.toBe("");
    }
  });

  it("name the three directives", () => {
    expect(directives.map((directive) => directive.name)).toEqual([
      "Velocity",
      "Precision",
      "Partnership",
    ]);
  });

  it("give every persona goals, frustrations and well-formed user stories about real services", () => {
    expect(personas.length).toBeGreaterThanOrEqual(4);
    for (const persona of personas) {
      expect(persona.goals.length).toBeGreaterThan(0);
      expect(persona.frustrations.length).toBeGreaterThan(0);
      for (const story of persona.stories)
        expect(story).toMatch(/^As an? .+, I want .+, so that .+\.$/);
      for (const id of persona.services) expect(findServiceById(id)).toBeDefined();
    }
  });
});
