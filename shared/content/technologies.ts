/** The technologies we work with (SPEC.md section 3 "Technology item"). */

export type Technology = {
  name: string;
  /** Key of the inline icon drawn by `ContentIcon`. */
  icon: string;
};

export const technologies: Technology[] = [
  { name: "React/Next.js", icon: "react" },
  { name: "TypeScript", icon: "typescript" },
  { name: "Node.js/Express", icon: "node" },
  { name: "Kubernetes", icon: "kubernetes" },
  { name: "AWS Cloud", icon: "aws" },
  { name: "Google Cloud", icon: "google-cloud" },
  { name: "Figma", icon: "figma" },
  { name: "Photoshop", icon: "photoshop" },
  { name: "Illustrator", icon: "illustrator" },
  { name: "Tailwind CSS", icon: "tailwind" },
  { name: "GraphQL", icon: "graphql" },
  { name: "Docker", icon: "docker" },
  { name: "AI/ML Frameworks", icon: "ai-frameworks" },
];
