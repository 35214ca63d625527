import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { mailMessages } from "#server/db/schema/mail.ts";
import { projects } from "#server/db/schema/projects.ts";
import { createProject } from "#server/projects/projects.ts";
import { mailEnv, makeClient, staff } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import {
  addOnboardingFile,
  getOnboarding,
  readOnboardingFile,
  saveOnboardingStep,
  submitOnboarding,
} from "./onboarding";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describeEachDatabase("client onboarding", (get) => {
  const env = { ...mailEnv, DATA_DIR: mkdtempSync(path.join(tmpdir(), "frontier-onboarding-")) };

  async function project() {
    const { db } = get();
    const client = await makeClient(db);
    return createProject({
      db,
      actor: staff,
      input: {
        name: "Brand refresh",
        clientId: client.id,
        proposalId: null,
        status: "onboarding",
        startDate: null,
        dueDate: null,
        budgetAmount: 0,
        currency: "USD",
        teamMembers: [],
        milestones: [],
      },
    });
  }

  it("saves progress step by step, takes files by their bytes, and submits once", async () => {
    const { db } = get();
    const { onboardingId, id } = await project();
    await saveOnboardingStep({
      db,
      onboardingId,
      stepId: "company",
      values: { companyName: "Acme" },
      nextStep: 1,
    });
    await expect(submitOnboarding({ db, env, onboardingId })).rejects.toThrow(
      /Please answer: Primary contact: Full name/,
    );
    await expect(
      saveOnboardingStep({
        db,
        onboardingId,
        stepId: "systems",
        values: { accessNotes: "password: hunter2" },
        nextStep: 6,
      }),
    ).rejects.toMatchObject({
      fieldErrors: { accessNotes: [expect.stringMatching(/do not share passwords/)] },
    });
    // A posted form carries other fields, a file or a broken step number: only the step's own
    // text fields are read, and a value that is not text or a step that is not a whole number
    // is refused before anything is written.
    await expect(
      saveOnboardingStep({
        db,
        onboardingId,
        stepId: "contact",
        values: { contactName: "Ada", contactEmail: "ada@example.com" },
        nextStep: Number("next"),
      }),
    ).rejects.toMatchObject({ message: "That step does not exist." });
    await expect(
      saveOnboardingStep({
        db,
        onboardingId,
        stepId: "contact",
        values: { contactName: new File(["x"], "x.txt"), contactEmail: "ada@example.com" },
        nextStep: 2,
      }),
    ).rejects.toMatchObject({ status: 400 });
    const unchanged = (await getOnboarding({ db, onboardingId }))?.answers;
    expect(unchanged).toMatchObject({ companyName: "Acme" });
    expect(unchanged).not.toHaveProperty("contactName");
    await saveOnboardingStep({
      db,
      onboardingId,
      stepId: "contact",
      values: { contactName: "Ada", contactEmail: "ada@example.com", intent: "save", extra: "x" },
      nextStep: 2,
    });
    await saveOnboardingStep({
      db,
      onboardingId,
      stepId: "goals",
      values: { goals: "Grow" },
      nextStep: 3,
    });
    await saveOnboardingStep({
      db,
      onboardingId,
      stepId: "audience",
      values: { audience: "Builders" },
      nextStep: 4,
    });
    const saved = await getOnboarding({ db, onboardingId });
    expect(saved).toMatchObject({
      currentStep: 4,
      answers: { companyName: "Acme", goals: "Grow" },
    });
    expect(saved?.answers).not.toHaveProperty("extra");
    expect(saved?.answers).not.toHaveProperty("intent");

    await expect(
      addOnboardingFile({
        db,
        env,
        onboardingId,
        filename: "logo.png",
        bytes: Buffer.from("<svg onload=alert(1)>"),
      }),
    ).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    await expect(
      addOnboardingFile({
        db,
        env,
        onboardingId,
        filename: "big.pdf",
        bytes: Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(11 * 1024 * 1024)]),
      }),
    ).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const file = await addOnboardingFile({
      db,
      env,
      onboardingId,
      filename: "../../logo.png",
      bytes: png,
    });
    expect(file).toMatchObject({
      contentType: "image/png",
      filename: ".._.._logo.png",
      size: png.length,
    });
    const stored = await readOnboardingFile({ db, env, fileId: file.id });
    expect(stored?.size).toBe(png.length);

    const submitted = await submitOnboarding({ db, env, onboardingId });
    expect(submitted.status).toBe("active");
    const [after] = await db.select().from(projects).where(eq(projects.id, id));
    expect(after.onboardingCompletedAt).toBeInstanceOf(Date);
    const notices = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, "Onboarding complete: Brand refresh"));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    await expect(submitOnboarding({ db, env, onboardingId })).rejects.toThrow(
      /already been submitted/,
    );
  });
});
