import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { searchesWordStarts } from "#shared/list-params.ts";

export type ClientChoice = { id: string; company: string; currency: string };

/** What a loader hands a client field: the first clients by name, and whether that is all. */
export type ClientMenu = { choices: ClientChoice[]; complete: boolean };

/** Where the field asks for the clients whose name holds what was typed. */
const SEARCH_PATH = "/admin/clients/choices";

type ClientPickerProps = {
  /** The control's id, which the field's label points at. */
  id: string;
  name: string;
  menu: ClientMenu;
  defaultClientId: string;
  /** The choice of no client: "Choose a client", "Not linked". */
  emptyLabel: string;
  required?: boolean;
  onChoose?: (client: ClientChoice | undefined) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A client for a form: a menu while the agency's clients fit in one, else a search by company
 * name that lists the matches as they are typed (decision 807). Either way the form posts the
 * chosen client's id under `name`.
 */
export function ClientPicker(props: ClientPickerProps) {
  return props.menu.complete ? <ClientMenuSelect {...props} /> : <ClientSearch {...props} />;
}

function ClientMenuSelect({
  menu,
  defaultClientId,
  emptyLabel,
  onChoose,
  ...control
}: ClientPickerProps) {
  return (
    <select
      {...control}
      defaultValue={defaultClientId}
      className="field-input"
      onChange={(event) => onChoose?.(menu.choices.find((item) => item.id === event.target.value))}
    >
      <option value="">{emptyLabel}</option>
      {menu.choices.map((client) => (
        <option key={client.id} value={client.id}>
          {client.company}
        </option>
      ))}
    </select>
  );
}

function ClientSearch({
  id,
  name,
  menu,
  defaultClientId,
  emptyLabel,
  required,
  onChoose,
  ...aria
}: ClientPickerProps) {
  const listId = useId();
  const search = useFetcher<{ choices: ClientChoice[] }>();
  const [chosen, setChosen] = useState(() =>
    menu.choices.find((client) => client.id === defaultClientId),
  );
  const [text, setText] = useState(chosen?.company ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = text.trim();
  const matches = typed ? (search.data?.choices ?? []) : menu.choices.slice(0, 20);
  const searching = typed !== "" && search.state !== "idle";

  function choose(client: ClientChoice | undefined) {
    setChosen(client);
    setText(client?.company ?? "");
    setOpen(false);
    onChoose?.(client);
  }

  function type(value: string) {
    setText(value);
    setOpen(true);
    setActive(0);
    if (chosen) {
      setChosen(undefined);
      onChoose?.(undefined);
    }
    if (value.trim()) search.load(`${SEARCH_PATH}?q=${encodeURIComponent(value.trim())}`);
  }

  return (
    <div className="relative">
      <input type="hidden" name={name} value={chosen?.id ?? ""} />
      <input
        {...aria}
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        placeholder={`${emptyLabel}: type part of a company's name`}
        required={required}
        value={text}
        className="field-input"
        onChange={(event) => type(event.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((index) => Math.min(Math.max(index + step, 0), matches.length - 1));
          } else if (event.key === "Enter" && open && matches[active]) {
            event.preventDefault();
            choose(matches[active]);
          } else if (event.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Clients"
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-white/10 bg-ink-900 py-1 text-sm shadow-xl"
        >
          {matches.map((client, index) => (
            <div
              key={client.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 ${index === active ? "bg-white/10 text-white" : "text-mist-200"}`}
              // Chosen before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(client);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {client.company}
            </div>
          ))}
          {matches.length === 0 ? (
            <p className="px-3 py-2 text-mist-400">
              {!typed
                ? "Type part of a company's name."
                : searching
                  ? "Searching…"
                  : searchesWordStarts(typed)
                    ? `No client's name has a word starting with “${typed}”.`
                    : `No client's name holds “${typed}”.`}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
