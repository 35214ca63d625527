import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  findTestimonialsForAdmin,
  moveTestimonial,
  saveTestimonial,
  setTestimonialVisibility,
} from "./testimonials";

const actor = { id: "admin-1" };

describeEachDatabase("testimonials", (get) => {
  it("adds at the end, reorders and hides", async () => {
    const ids: string[] = [];
    for (const name of ["Ann", "Ben", "Cy"]) {
      const saved = await saveTestimonial({
        database: get(),
        actor,
        input: {
          quote: `Great work from ${name}`,
          name,
          role: "CTO",
          company: "Co",
          isVisible: "on",
        },
      });
      ids.push(saved.id);
    }
    await moveTestimonial({ database: get(), actor, id: ids[2], direction: "up" });
    await setTestimonialVisibility({ database: get(), actor, id: ids[0], isVisible: false });
    const { rows } = await findTestimonialsForAdmin({ db: get().db });
    expect(rows.map((row) => row.name)).toEqual(["Ann", "Cy", "Ben"]);
    expect(rows.map((row) => row.isVisible)).toEqual([false, true, true]);
  });
});
