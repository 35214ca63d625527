import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import {
  blockTypes,
  emptyBlock,
  type PageBlockInput,
  pageBlockTypes,
} from "#shared/pages/blocks.ts";
import { ConfirmModal } from "../confirm-modal";
import { BlockFields } from "./block-fields";

/** The page as the editor holds it (and as a conflict hands back the other admin's copy). */
export type EditorPage = {
  path: string;
  title: string;
  blocks: unknown[];
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  isNoindex: boolean;
};

export type PageConflict = {
  savedBy: string | null;
  changes: string[];
  version: number;
  theirs: EditorPage;
};

type Failure = {
  error?: string;
  fieldErrors?: Record<string, string[] | undefined>;
  conflict?: PageConflict;
};

const AUTOSAVE_MS = 15_000;

let nextUid = 0;
const uid = () => `b${++nextUid}`;

type Row = { uid: string; block: PageBlockInput; isOpen: boolean };

function rowsOf(blocks: unknown[], isOpen = false): Row[] {
  return blocks.map((block) => ({ uid: uid(), block: block as PageBlockInput, isOpen }));
}

/** What a block's heading says in the list: its type, and its title or heading if it has one. */
function blockSummary(block: PageBlockInput) {
  const value = block as Record<string, unknown>;
  const text = [value.title, value.heading, value.eyebrow].find(
    (candidate) => typeof candidate === "string" && candidate.trim(),
  );
  return typeof text === "string" ? text : "";
}

/**
 * The command center's page editor: the page's address, title and blocks (add, duplicate,
 * remove, reorder by keyboard and by drag, edit each block's fields), SEO fields, and the
 * page's state. The form carries the version it opened; a conflict keeps what was typed.
 */
export function PageEditor({
  id,
  version: openedVersion,
  status,
  isHome,
  publishAt,
  page,
  failure,
}: {
  id: string;
  version: number;
  status: string;
  isHome: boolean;
  publishAt: string | null;
  page: EditorPage;
  failure?: Failure;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLFormElement>(null);
  const [version, setVersion] = useState(openedVersion);
  const [fields, setFields] = useState(page);
  const [rows, setRows] = useState(() => rowsOf(page.blocks));
  const [picked, setPicked] = useState<(typeof pageBlockTypes)[number]>("richText");
  const [publishLocal, setPublishLocal] = useState(() =>
    publishAt ? toLocalInput(new Date(publishAt)) : "",
  );
  const [conflict, setConflict] = useState<PageConflict | undefined>(failure?.conflict);
  const [autosave, setAutosave] = useState<string>("");
  const [dragging, setDragging] = useState<number | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const dirtyRef = useRef(false);
  const focusRef = useRef<string | null>(null);

  useEffect(() => {
    setConflict(failure?.conflict);
  }, [failure]);

  // Open the blocks a save refused, so their messages show beside their fields.
  useEffect(() => {
    const errors = failure?.fieldErrors ?? {};
    setRows((current) =>
      current.map((row, index) => (errors[`blocks.${index}`] ? { ...row, isOpen: true } : row)),
    );
  }, [failure]);

  const blocksJson = JSON.stringify(rows.map((row) => row.block));
  const markDirty = () => {
    dirtyRef.current = true;
  };
  const update = (next: Row[]) => {
    setRows(next);
    markDirty();
  };

  // Keyboard moves keep focus on the button pressed, on the block in its new place.
  useEffect(() => {
    const wanted = focusRef.current;
    if (!wanted) return;
    focusRef.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-focus="${wanted}"]`);
    if (button && !button.disabled) button.focus();
    else
      document
        .querySelector<HTMLButtonElement>(
          `[data-focus="${wanted.endsWith(":up") ? wanted.replace(/:up$/, ":down") : wanted.replace(/:down$/, ":up")}"]`,
        )
        ?.focus();
  });

  const canAutosave = status === "draft" && !conflict;
  useEffect(() => {
    if (!canAutosave) return;
    const timer = setInterval(async () => {
      if (!dirtyRef.current || !formRef.current) return;
      dirtyRef.current = false;
      const form = new FormData(formRef.current);
      form.set("id", id);
      try {
        const response = await fetch("/admin/pages/autosave", { method: "POST", body: form });
        const result = response.headers.get("Content-Type")?.includes("application/json")
          ? ((await response.json()) as {
              ok: boolean;
              version?: number;
              savedAt?: string;
              error?: string;
              conflict?: PageConflict;
            })
          : { ok: false, error: "sign in again to keep saving." };
        if (result.ok && result.version) {
          setVersion(result.version);
          setAutosave(
            `Draft saved automatically at ${new Date(result.savedAt ?? Date.now()).toLocaleTimeString()}.`,
          );
        } else if (result.conflict) setConflict(result.conflict);
        else setAutosave(`Not saved automatically: ${result.error}`);
      } catch {
        setAutosave(
          "Not saved automatically: the connection is down; save by hand once it is back.",
        );
      }
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [canAutosave, id]);

  const moveBlock = (from: number, to: number, focus?: string) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    if (focus) focusRef.current = `${row.uid}:${focus}`;
    update(next);
  };

  const takeTheirs = () => {
    if (!conflict) return;
    setFields(conflict.theirs);
    setRows(rowsOf(conflict.theirs.blocks));
    setVersion(conflict.version);
    setConflict(undefined);
  };

  const overwrite = () => {
    if (!conflict || !formRef.current) return;
    const form = new FormData(formRef.current);
    form.set("version", String(conflict.version));
    form.set("intent", "save");
    setVersion(conflict.version);
    setConflict(undefined);
    submit(form, { method: "post" });
  };

  const errors = failure?.fieldErrors ?? {};
  const isSaving = navigation.state !== "idle";
  const publishAtIso = publishLocal ? new Date(publishLocal).toISOString() : "";

  return (
    <div className="space-y-6">
      {conflict ? (
        <section
          role="alert"
          aria-labelledby="conflict-heading"
          className="card border border-frontier-orange/60 p-5"
        >
          <h2 id="conflict-heading" className="heading-md">
            {conflict.savedBy ?? "Someone else"} saved this page while you were editing it
          </h2>
          <p className="mt-2 text-sm text-mist-300">
            Nothing you typed is lost: it is still in the form below. What they changed:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {conflict.changes.length ? (
              conflict.changes.map((change) => <li key={change}>{change}</li>)
            ) : (
              <li>Nothing you can see (the same content saved again).</li>
            )}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={overwrite}>
              Save mine over theirs
            </button>
            <button type="button" className="btn-secondary" onClick={takeTheirs}>
              Take theirs (drop my changes)
            </button>
          </div>
        </section>
      ) : failure?.error ? (
        <p role="alert" className="field-error">
          {failure.error}
        </p>
      ) : null}

      <Form method="post" ref={formRef} className="space-y-6" onChange={markDirty}>
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="blocks" value={blocksJson} />
        <input type="hidden" name="publishAt" value={publishAtIso} />
        <section className="card grid gap-4 p-5 md:grid-cols-2">
          <div>
            <label htmlFor="page-title" className="field-label">
              Title
            </label>
            <input
              id="page-title"
              name="title"
              className="field-input"
              value={fields.title}
              aria-invalid={errors.title ? true : undefined}
              onChange={(event) => setFields({ ...fields, title: event.target.value })}
            />
            {errors.title ? <p className="field-error">{errors.title[0]}</p> : null}
          </div>
          <div>
            <label htmlFor="page-path" className="field-label">
              Address
            </label>
            <input
              id="page-path"
              name="path"
              className="field-input font-mono"
              value={fields.path}
              readOnly={isHome}
              aria-invalid={errors.path ? true : undefined}
              onChange={(event) => setFields({ ...fields, path: event.target.value })}
            />
            <p className="mt-1 text-xs text-mist-400">
              {isHome
                ? "The home page always lives at /."
                : status === "published"
                  ? "Changing a live page's address sends visitors of the old one here (301)."
                  : "Lower-case words with dashes, e.g. /spring-audit."}
            </p>
            {errors.path ? <p className="field-error">{errors.path[0]}</p> : null}
          </div>
        </section>

        <section className="space-y-3" aria-labelledby="blocks-heading">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="blocks-heading" className="heading-md">
              Blocks <span className="text-sm text-mist-400">({rows.length} of 100)</span>
            </h2>
          </div>
          {errors.blocks ? <p className="field-error">{errors.blocks[0]}</p> : null}
          {rows.length === 0 ? (
            <p className="card p-5 text-sm text-mist-400">
              No blocks yet: add the first one below.
            </p>
          ) : null}
          <ol className="space-y-3">
            {rows.map((row, index) => {
              const label = blockTypes[row.block.type]?.label ?? row.block.type;
              const name = `block ${index + 1} (${label})`;
              const problem = errors[`blocks.${index}`];
              return (
                <li
                  key={row.uid}
                  aria-label={`Block ${index + 1}: ${label}`}
                  className={`card p-4 ${dragging === index ? "opacity-50" : ""} ${problem ? "border border-red-400/60" : ""}`}
                  onDragOver={(event) => {
                    if (dragging === null) return;
                    event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragging !== null) moveBlock(dragging, index);
                    setDragging(null);
                  }}
                >
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="flex min-w-0 items-center gap-3">
                      <span
                        draggable
                        role="img"
                        aria-label={`Drag ${name}`}
                        title="Drag to move"
                        className="cursor-grab select-none text-mist-400"
                        onDragStart={(event) => {
                          event.dataTransfer.effectAllowed = "move";
                          event.dataTransfer.setData("text/plain", String(index));
                          setDragging(index);
                        }}
                        onDragEnd={() => setDragging(null)}
                      >
                        ⠿
                      </span>
                      <button
                        type="button"
                        className="min-w-0 text-left"
                        aria-expanded={row.isOpen}
                        onClick={() =>
                          setRows(
                            rows.map((other) =>
                              other.uid === row.uid ? { ...other, isOpen: !other.isOpen } : other,
                            ),
                          )
                        }
                      >
                        <span className="font-semibold text-white">
                          {index + 1}. {label}
                        </span>
                        <span className="ml-2 truncate text-sm text-mist-400">
                          {blockSummary(row.block)}
                        </span>
                        <span className="sr-only">{row.isOpen ? " (close)" : " (edit)"}</span>
                      </button>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        data-focus={`${row.uid}:up`}
                        className="btn-secondary px-2 py-1 text-xs"
                        disabled={index === 0}
                        aria-label={`Move ${name} up`}
                        onClick={() => moveBlock(index, index - 1, "up")}
                      >
                        Move up
                      </button>
                      <button
                        type="button"
                        data-focus={`${row.uid}:down`}
                        className="btn-secondary px-2 py-1 text-xs"
                        disabled={index === rows.length - 1}
                        aria-label={`Move ${name} down`}
                        onClick={() => moveBlock(index, index + 1, "down")}
                      >
                        Move down
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-2 py-1 text-xs"
                        aria-label={`Duplicate ${name}`}
                        disabled={rows.length >= 100}
                        onClick={() => {
                          const next = [...rows];
                          next.splice(index + 1, 0, {
                            uid: uid(),
                            block: structuredClone(row.block),
                            isOpen: true,
                          });
                          update(next);
                        }}
                      >
                        Duplicate
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-2 py-1 text-xs"
                        aria-label={`Remove ${name}`}
                        onClick={() => update(rows.filter((other) => other.uid !== row.uid))}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                  {problem ? (
                    <ul className="mt-2 space-y-1">
                      {problem.map((message) => (
                        <li key={message} className="field-error">
                          {message}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {row.isOpen ? (
                    <div className="mt-4">
                      <BlockFields
                        block={row.block}
                        onChange={(block) =>
                          update(
                            rows.map((other) =>
                              other.uid === row.uid ? { ...other, block } : other,
                            ),
                          )
                        }
                      />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <div className="card flex flex-wrap items-end gap-3 p-4">
            <div>
              <label htmlFor="block-type" className="field-label">
                Block type
              </label>
              <select
                id="block-type"
                className="field-input"
                value={picked}
                onChange={(event) => setPicked(event.target.value as typeof picked)}
              >
                {pageBlockTypes.map((type) => (
                  <option key={type} value={type}>
                    {blockTypes[type].label}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="btn-secondary"
              disabled={rows.length >= 100}
              onClick={() =>
                update([...rows, { uid: uid(), block: emptyBlock(picked), isOpen: true }])
              }
            >
              Add block
            </button>
          </div>
        </section>

        <fieldset className="card grid gap-4 p-5 md:grid-cols-2">
          <legend className="heading-md px-1">Search and sharing</legend>
          <div>
            <label htmlFor="seoTitle" className="field-label">
              SEO title <span className="text-mist-400">({(fields.seoTitle ?? "").length}/60)</span>
            </label>
            <input
              id="seoTitle"
              name="seoTitle"
              className="field-input"
              value={fields.seoTitle ?? ""}
              onChange={(event) => setFields({ ...fields, seoTitle: event.target.value })}
            />
            {errors.seoTitle ? <p className="field-error">{errors.seoTitle[0]}</p> : null}
          </div>
          <div>
            <label htmlFor="socialImage" className="field-label">
              Social image (/uploads/…)
            </label>
            <input
              id="socialImage"
              name="socialImage"
              className="field-input"
              value={fields.socialImage ?? ""}
              onChange={(event) => setFields({ ...fields, socialImage: event.target.value })}
            />
            {errors.socialImage ? <p className="field-error">{errors.socialImage[0]}</p> : null}
          </div>
          <div className="md:col-span-2">
            <label htmlFor="seoDescription" className="field-label">
              SEO description{" "}
              <span className="text-mist-400">({(fields.seoDescription ?? "").length}/160)</span>
            </label>
            <textarea
              id="seoDescription"
              name="seoDescription"
              rows={2}
              className="field-input"
              value={fields.seoDescription ?? ""}
              onChange={(event) => setFields({ ...fields, seoDescription: event.target.value })}
            />
            {errors.seoDescription ? (
              <p className="field-error">{errors.seoDescription[0]}</p>
            ) : null}
          </div>
          <label className="flex items-center gap-2 text-sm md:col-span-2">
            <input
              type="checkbox"
              name="isNoindex"
              checked={fields.isNoindex}
              onChange={(event) => setFields({ ...fields, isNoindex: event.target.checked })}
            />
            Hide from search engines (noindex, left out of the sitemap)
          </label>
        </fieldset>

        <section className="card space-y-4 p-5" aria-labelledby="publishing-heading">
          <h2 id="publishing-heading" className="heading-md">
            Publishing
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn-primary"
              disabled={isSaving}
            >
              {isSaving ? "Saving…" : status === "published" ? "Save changes (live)" : "Save draft"}
            </button>
            {status !== "published" ? (
              <button
                type="submit"
                name="intent"
                value="publish"
                className="btn-primary"
                disabled={isSaving}
              >
                Publish
              </button>
            ) : null}
            <button
              type="button"
              className="btn-secondary"
              onClick={() => previewRef.current?.requestSubmit()}
            >
              Preview
            </button>
            {status !== "draft" && !isHome ? (
              <button
                type="submit"
                name="intent"
                value="unpublish"
                className="btn-secondary"
                disabled={isSaving}
              >
                Unpublish
              </button>
            ) : null}
          </div>
          {!isHome ? (
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="publish-at" className="field-label">
                  Go live at
                </label>
                <input
                  id="publish-at"
                  type="datetime-local"
                  className="field-input"
                  value={publishLocal}
                  onChange={(event) => setPublishLocal(event.target.value)}
                />
                {errors.publishAt ? <p className="field-error">{errors.publishAt[0]}</p> : null}
              </div>
              <button
                type="submit"
                name="intent"
                value="schedule"
                className="btn-secondary"
                disabled={isSaving}
              >
                Schedule
              </button>
            </div>
          ) : null}
          <p className="text-sm text-mist-400" aria-live="polite">
            {autosave || (canAutosave ? "Drafts save automatically while you type." : "")}
          </p>
        </section>
      </Form>

      <form
        ref={previewRef}
        method="post"
        action={`/admin/pages/preview?id=${id}`}
        target="_blank"
        className="hidden"
        rel="noopener"
      >
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="title" value={fields.title} />
        <input type="hidden" name="path" value={fields.path} />
        <input type="hidden" name="blocks" value={blocksJson} />
      </form>

      <section className="card flex flex-wrap items-center gap-3 p-5" aria-label="Page actions">
        <Form method="post">
          <input type="hidden" name="intent" value="duplicate" />
          <button type="submit" className="btn-secondary">
            Duplicate page
          </button>
        </Form>
        {isHome ? (
          <p className="text-sm text-mist-400">The home page cannot be deleted or unpublished.</p>
        ) : (
          <button
            type="button"
            className="btn-secondary text-red-300"
            onClick={() => setDeleting(true)}
          >
            Delete page
          </button>
        )}
      </section>
      <ConfirmModal
        open={isDeleting}
        title="Delete this page?"
        confirmLabel="Delete page"
        isDanger
        isBusy={isSaving}
        onCancel={() => setDeleting(false)}
        onConfirm={() => submit({ intent: "delete" }, { method: "post" })}
      >
        <p>
          {fields.path} stops answering. Its versions stay in the audit trail; this cannot be undone
          here.
        </p>
      </ConfirmModal>
    </div>
  );
}

function toLocalInput(date: Date) {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
