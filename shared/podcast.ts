/** The show's identity: the page, the feed and JSON-LD use the same words. */
export const podcast = {
  name: "Frontier Field Notes",
  description:
    "Short conversations from inside Digital Frontier's projects: AI, architecture, mobile, design systems and immersive tech, and what we would do differently.",
  author: "Digital Frontier",
  email: "podcast@frontier.localhost",
  category: "Technology",
  image: "/media/podcast/artwork.jpg",
  language: "en",
};
