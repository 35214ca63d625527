import { createContext, useContext, useState } from "react";
import { ImageUploader } from "#app/components/admin/image-uploader.tsx";
import { noPickerChoices, type PickerChoice, type PickerChoices } from "#shared/pages/choices.ts";
import { ItemControls, move, refocus } from "./list-controls";

/**
 * Pickers of the page editor: testimonials, case studies and insights chosen by name (stored
 * as their ids, in order), and an image from the media library (stored as its address). The
 * edit screen's loader reads what they offer (server/pages/choices.ts).
 */
const ChoicesContext = createContext<PickerChoices>(noPickerChoices);

export const PickerChoicesProvider = ChoicesContext.Provider;

/** Where a list's choices come from; "content" follows its block's kind. */
export type PickSource = "testimonials" | "content";

type ListSource = Exclude<keyof PickerChoices, "images">;

/** Chosen items by name, reordered and removed like any list, added from a menu. */
export function PickList({
  id,
  label,
  noun,
  hint,
  source,
  value,
  onChange,
}: {
  id: string;
  label: string;
  noun: string;
  hint?: string;
  source: ListSource;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const choices = useContext(ChoicesContext)[source];
  const [adding, setAdding] = useState("");
  const labelOf = (chosen: string) =>
    choices.find((choice) => choice.id === chosen)?.label ?? `Not found (${chosen})`;
  const offered = choices.filter((choice) => !value.includes(choice.id));
  return (
    <fieldset className="rounded-lg border border-white/10 p-3 md:col-span-2" data-list>
      <legend className="px-1 text-sm text-mist-300">{label}</legend>
      {hint ? <p className="text-xs text-mist-400">{hint}</p> : null}
      <ol className="space-y-2">
        {value.map((chosen, index) => (
          <li key={chosen} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm">{labelOf(chosen)}</span>
            <ItemControls
              noun={noun}
              index={index}
              count={value.length}
              onMove={(to, button) => {
                onChange(move(value, index, to));
                refocus(button, `Move ${noun} ${to + 1} ${to < index ? "up" : "down"}`);
              }}
              onRemove={() => onChange(value.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ol>
      {offered.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-add`} className="field-label">
              {`Add a ${noun}`}
            </label>
            <select
              id={`${id}-add`}
              className="field-input"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
            >
              <option value="">Choose…</option>
              {offered.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={!adding}
            onClick={() => {
              onChange([...value, adding]);
              setAdding("");
            }}
          >
            Add
          </button>
        </div>
      ) : (
        <p className="mt-2 text-xs text-mist-400">
          {choices.length === 0 ? "Nothing published to choose from yet." : "All are chosen."}
        </p>
      )}
    </fieldset>
  );
}

/**
 * An image of the media library (newest first), with a small preview of the one chosen; a new
 * one uploaded here joins the list and is chosen.
 */
export function ImagePicker({
  id,
  label,
  optional,
  value,
  onChange,
}: {
  id: string;
  label: string;
  optional: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const [uploaded, setUploaded] = useState<PickerChoice[]>([]);
  const images = [...uploaded, ...useContext(ChoicesContext).images];
  const isListed = images.some((image) => image.id === value);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <select
          id={id}
          className="field-input min-w-0 flex-1"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{optional ? "None" : "Choose an image…"}</option>
          {value && !isListed ? <option value={value}>{value}</option> : null}
          {images.map((image) => (
            <option key={image.id} value={image.id}>
              {image.label}
            </option>
          ))}
        </select>
        {value ? (
          <img src={value} alt="" className="h-10 w-14 rounded object-cover" loading="lazy" />
        ) : null}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-frontier-blue">Upload a new image</summary>
        <div className="mt-2">
          <ImageUploader
            label="New image"
            name={`${id}-upload`}
            isKeepingValue={false}
            onUploaded={(media) => {
              setUploaded((list) => [{ id: media.url, label: media.alt || media.url }, ...list]);
              onChange(media.url);
            }}
          />
        </div>
      </details>
    </div>
  );
}
