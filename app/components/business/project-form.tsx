import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { projectStatusLabel } from "#shared/business/labels.ts";
import {
  type ProjectStatus,
  projectStatuses,
  projectTransitions,
} from "#shared/business/project-form.ts";
import type { ClientMenu } from "./client-picker";
import { Field, FormError } from "./fields";
import { ClientSelect, CurrencyInput } from "./pricing-fields";

export type ProjectFormValues = {
  name: string;
  clientId: string;
  proposalId: string;
  status: ProjectStatus;
  startDate: string;
  dueDate: string;
  budget: string;
  currency: string;
  teamMembers: Array<{ name: string; role: string }>;
  milestones: Array<{ title: string; dueDate: string; isDone: boolean }>;
};

type Props = {
  initial: ProjectFormValues;
  /** The status it has now: only the moves it can make are offered. */
  currentStatus?: ProjectStatus;
  clients: ClientMenu;
  errors?: Record<string, string[] | undefined>;
  error?: string;
  submitLabel: string;
  /** False where milestones are edited one by one beside the form (the project page). */
  hasMilestones?: boolean;
};

let rowKey = 0;

export function ProjectForm({
  initial,
  currentStatus,
  clients,
  errors,
  error,
  submitLabel,
  hasMilestones = true,
}: Props) {
  const [members, setMembers] = useState(
    initial.teamMembers.map((member) => ({ ...member, key: ++rowKey })),
  );
  const [milestones, setMilestones] = useState(
    initial.milestones.map((milestone) => ({ ...milestone, key: ++rowKey })),
  );
  const [currency, setCurrency] = useState(initial.currency);
  const isBusy = useNavigation().state === "submitting";
  const statuses = currentStatus
    ? projectStatuses.filter(
        (status) => status === currentStatus || projectTransitions[currentStatus].includes(status),
      )
    : projectStatuses;
  return (
    <Form method="post" className="flex flex-col gap-6">
      <FormError error={error} />
      <input type="hidden" name="proposalId" value={initial.proposalId} />
      <div className="grid gap-5 md:grid-cols-2">
        <Field label="Name" name="name" errors={errors}>
          {(props) => (
            <input
              {...props}
              name="name"
              required
              maxLength={200}
              defaultValue={initial.name}
              className="field-input"
            />
          )}
        </Field>
        <ClientSelect
          clients={clients}
          defaultClientId={initial.clientId}
          onCurrencyChange={setCurrency}
          errors={errors}
        />
        <Field label="Status" name="status" errors={errors}>
          {(props) => (
            <select {...props} name="status" defaultValue={initial.status} className="field-input">
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {projectStatusLabel[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="grid grid-cols-[1fr_6rem] gap-3">
          <Field label={`Budget (${currency})`} name="budget" errors={errors}>
            {(props) => (
              <input
                {...props}
                name="budget"
                inputMode="decimal"
                defaultValue={initial.budget}
                className="field-input"
              />
            )}
          </Field>
          <CurrencyInput currency={currency} onCurrencyChange={setCurrency} errors={errors} />
        </div>
        <Field label="Start date" name="startDate" errors={errors}>
          {(props) => (
            <input
              {...props}
              type="date"
              name="startDate"
              defaultValue={initial.startDate}
              className="field-input"
            />
          )}
        </Field>
        <Field label="Due date" name="dueDate" errors={errors}>
          {(props) => (
            <input
              {...props}
              type="date"
              name="dueDate"
              defaultValue={initial.dueDate}
              className="field-input"
            />
          )}
        </Field>
      </div>
      {hasMilestones ? (
        <fieldset>
          <legend className="heading-md mb-3">Milestones</legend>
          <div className="flex flex-col gap-2">
            {milestones.map((milestone, index) => (
              <div
                key={milestone.key}
                className="grid items-end gap-2 sm:grid-cols-[1fr_11rem_auto_auto]"
              >
                <div>
                  <label
                    className="field-label text-xs"
                    htmlFor={`milestone-${milestone.key}-title`}
                  >
                    Milestone {index + 1}
                  </label>
                  <input
                    id={`milestone-${milestone.key}-title`}
                    name="milestoneTitle"
                    defaultValue={milestone.title}
                    maxLength={200}
                    className="field-input py-1.5 text-sm"
                  />
                  {errors?.[`milestones.${index}.title`] ? (
                    <p className="field-error">{errors[`milestones.${index}.title`]?.[0]}</p>
                  ) : null}
                </div>
                <div>
                  <label className="field-label text-xs" htmlFor={`milestone-${milestone.key}-due`}>
                    Due
                  </label>
                  <input
                    id={`milestone-${milestone.key}-due`}
                    type="date"
                    name="milestoneDueDate"
                    defaultValue={milestone.dueDate}
                    className="field-input py-1.5 text-sm"
                  />
                </div>
                <label className="flex items-center gap-2 pb-2 text-sm text-mist-300">
                  <input
                    type="checkbox"
                    checked={milestone.isDone}
                    onChange={(event) =>
                      setMilestones((current) =>
                        current.map((item) =>
                          item.key === milestone.key
                            ? { ...item, isDone: event.target.checked }
                            : item,
                        ),
                      )
                    }
                  />
                  Done
                </label>
                <input type="hidden" name="milestoneDone" value={milestone.isDone ? "1" : "0"} />
                <button
                  type="button"
                  aria-label={`Remove milestone ${index + 1}`}
                  className="rounded-lg px-2 py-1.5 text-mist-400 hover:bg-white/10 hover:text-white"
                  onClick={() =>
                    setMilestones((current) => current.filter((item) => item.key !== milestone.key))
                  }
                >
                  ✕
                </button>
              </div>
            ))}
          </div>
          <button
            type="button"
            className="btn-secondary mt-3 px-4 py-1.5 text-sm"
            onClick={() =>
              setMilestones((current) => [
                ...current,
                { title: "", dueDate: "", isDone: false, key: ++rowKey },
              ])
            }
          >
            Add a milestone
          </button>
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="heading-md mb-3">Team</legend>
        <div className="flex flex-col gap-2">
          {members.map((member, index) => (
            <div key={member.key} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
              <div>
                <label className="field-label text-xs" htmlFor={`member-${member.key}-name`}>
                  Team member {index + 1}
                </label>
                <input
                  id={`member-${member.key}-name`}
                  name="memberName"
                  defaultValue={member.name}
                  maxLength={200}
                  className="field-input py-1.5 text-sm"
                />
              </div>
              <div>
                <label className="field-label text-xs" htmlFor={`member-${member.key}-role`}>
                  Role
                </label>
                <input
                  id={`member-${member.key}-role`}
                  name="memberRole"
                  defaultValue={member.role}
                  maxLength={100}
                  className="field-input py-1.5 text-sm"
                />
              </div>
              <button
                type="button"
                aria-label={`Remove team member ${index + 1}`}
                className="rounded-lg px-2 py-1.5 text-mist-400 hover:bg-white/10 hover:text-white"
                onClick={() =>
                  setMembers((current) => current.filter((item) => item.key !== member.key))
                }
              >
                ✕
              </button>
            </div>
          ))}
        </div>
        <button
          type="button"
          className="btn-secondary mt-3 px-4 py-1.5 text-sm"
          onClick={() =>
            setMembers((current) => [...current, { name: "", role: "", key: ++rowKey }])
          }
        >
          Add a team member
        </button>
      </fieldset>
      <div>
        <button type="submit" className="btn-primary" disabled={isBusy}>
          {isBusy ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
