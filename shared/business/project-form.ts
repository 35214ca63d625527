import { parseMoney } from "#shared/money.ts";
import { z } from "#shared/zod.ts";
import { currencySchema } from "./client-form";
import { rowsFrom, textOf } from "./form-data";

export const projectStatuses = [
  "onboarding",
  "active",
  "on_hold",
  "completed",
  "cancelled",
] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/** Which status may follow which (docs/decisions/400-business-workflows.md). */
export const projectTransitions: Record<ProjectStatus, ProjectStatus[]> = {
  onboarding: ["active", "on_hold", "cancelled"],
  active: ["on_hold", "completed", "cancelled"],
  on_hold: ["active", "completed", "cancelled"],
  completed: ["active"],
  cancelled: [],
};

const optionalDate = z
  .union([z.iso.date("Choose a date."), z.literal("")])
  .transform((value) => value || null);

export const projectFormSchema = z
  .object({
    name: z.string().trim().min(1, "Name the project.").max(200),
    clientId: z.uuid("Choose a client."),
    proposalId: z.union([z.uuid(), z.literal("")]).transform((value) => value || null),
    status: z.enum(projectStatuses, "Choose a status."),
    startDate: optionalDate,
    dueDate: optionalDate,
    budget: z.string().trim().default(""),
    currency: currencySchema,
    teamMembers: z
      .array(
        z.object({
          name: z.string().trim().min(1, "Name the team member.").max(200),
          role: z.string().trim().max(100),
        }),
      )
      .max(50),
    milestones: z
      .array(
        z.object({
          title: z.string().trim().min(1, "Name the milestone.").max(200),
          dueDate: optionalDate,
          isDone: z.boolean(),
        }),
      )
      .max(100),
  })
  .transform((value, ctx) => {
    const budgetAmount = value.budget ? parseMoney(value.budget, value.currency) : 0;
    if (budgetAmount === undefined || budgetAmount < 0)
      ctx.addIssue({
        code: "custom",
        path: ["budget"],
        message: `Enter a budget in ${value.currency}, such as 25000.`,
      });
    if (value.startDate && value.dueDate && value.dueDate < value.startDate)
      ctx.addIssue({
        code: "custom",
        path: ["dueDate"],
        message: "The due date cannot be before the start date.",
      });
    const { budget: _budget, ...rest } = value;
    return { ...rest, budgetAmount: budgetAmount ?? 0 };
  });

export type ProjectInput = z.output<typeof projectFormSchema>;

export function projectFormValues(form: FormData) {
  const milestoneRows = rowsFrom(form, {
    title: "milestoneTitle",
    dueDate: "milestoneDueDate",
    done: "milestoneDone",
  });
  return {
    name: textOf(form, "name"),
    clientId: textOf(form, "clientId"),
    proposalId: textOf(form, "proposalId"),
    status: textOf(form, "status"),
    startDate: textOf(form, "startDate"),
    dueDate: textOf(form, "dueDate"),
    budget: textOf(form, "budget"),
    currency: textOf(form, "currency"),
    teamMembers: rowsFrom(form, { name: "memberName", role: "memberRole" }),
    milestones: milestoneRows.map((row) => ({
      title: row.title,
      dueDate: row.dueDate,
      isDone: row.done === "1",
    })),
  };
}
