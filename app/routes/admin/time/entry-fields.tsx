import { useState } from "react";
import { Field } from "#app/components/business/fields.tsx";
import { formatMinutes } from "#shared/time.ts";
import { ProjectOptions } from "./time-tabs";

type Project = {
  id: string;
  name: string;
  clientName: string;
  milestones: Array<{ id: string; title: string }>;
};

/** The fields of a manual entry: project, milestone, day, duration, note, billable. */
export function EntryFields({
  projects,
  errors,
  values,
}: {
  projects: Project[];
  errors?: Record<string, string[] | undefined>;
  values: {
    projectId: string;
    milestoneId: string | null;
    entryDate: string;
    minutes: number | null;
    note: string;
    isBillable: boolean;
  };
}) {
  const [projectId, setProjectId] = useState(values.projectId || projects[0]?.id || "");
  const milestones = projects.find((project) => project.id === projectId)?.milestones ?? [];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Field label="Project" name="projectId" errors={errors}>
        {(props) => (
          <select
            {...props}
            name="projectId"
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
            className="field-input"
          >
            <ProjectOptions projects={projects} />
          </select>
        )}
      </Field>
      <Field label="Milestone" name="milestoneId" errors={errors}>
        {(props) => (
          <select
            {...props}
            name="milestoneId"
            defaultValue={values.milestoneId ?? ""}
            key={projectId}
            className="field-input"
          >
            <option value="">None</option>
            {milestones.map((milestone) => (
              <option key={milestone.id} value={milestone.id}>
                {milestone.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Day" name="entryDate" errors={errors}>
        {(props) => (
          <input
            {...props}
            name="entryDate"
            type="date"
            required
            defaultValue={values.entryDate}
            className="field-input"
          />
        )}
      </Field>
      <Field label="Time" name="duration" errors={errors} hint="1:30, 1.5 or 90m">
        {(props) => (
          <input
            {...props}
            name="duration"
            required
            inputMode="decimal"
            defaultValue={values.minutes ? formatMinutes(values.minutes) : ""}
            className="field-input"
          />
        )}
      </Field>
      <Field label="Note" name="note" errors={errors} className="sm:col-span-2">
        {(props) => (
          <input
            {...props}
            name="note"
            maxLength={2000}
            defaultValue={values.note}
            className="field-input"
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-mist-300">
        <input type="checkbox" name="isBillable" defaultChecked={values.isBillable} /> Billable
      </label>
    </div>
  );
}
