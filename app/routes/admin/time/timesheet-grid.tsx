import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { dayLabel, formatMinutes, parseDuration } from "#shared/time.ts";

type Cell = { date: string; minutes: number; entryCount: number; isEditable: boolean };
type Row = {
  projectId: string;
  projectName: string;
  clientName: string;
  cells: Cell[];
  minutes: number;
  hasEntries: boolean;
};

/**
 * The week as a grid of projects by days, for the keyboard: type a duration ("1:30", "1.5",
 * "90m"), Enter or leaving the cell saves it; the arrow keys move between cells (left and right
 * once the caret is at the edge of the text); Escape puts the saved value back.
 */
export function TimesheetGrid({
  userId,
  weekStart,
  days,
  rows,
  dayTotals,
  minutes,
}: {
  userId: string;
  weekStart: string;
  days: string[];
  rows: Row[];
  dayTotals: number[];
  minutes: number;
}) {
  const table = useRef<HTMLTableElement>(null);
  const [status, setStatus] = useState("");
  const focusCell = (row: number, column: number) => {
    const target = table.current?.querySelector<HTMLInputElement>(
      `input[data-row="${row}"][data-column="${column}"]`,
    );
    target?.focus();
    target?.select();
  };
  return (
    <div>
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <table ref={table} className="w-full min-w-[760px] text-sm" data-testid="timesheet">
          <caption className="sr-only">
            Hours by project and day. Type a duration in a cell; Enter saves it.
          </caption>
          <thead>
            <tr className="border-b border-white/10 text-left text-mist-400">
              <th scope="col" className="px-3 py-2 font-medium">
                Project
              </th>
              {days.map((day) => (
                <th key={day} scope="col" className="px-2 py-2 text-center font-medium">
                  {dayLabel(day)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="sr-only">
                Row
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? (
              rows.map((row, rowIndex) => (
                <tr key={row.projectId} className="border-b border-white/5">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    <span className="block font-semibold text-white">{row.projectName}</span>
                    <span className="text-xs text-mist-400">{row.clientName}</span>
                  </th>
                  {row.cells.map((cell, column) => (
                    <td key={cell.date} className="px-1 py-1">
                      <GridCell
                        cell={cell}
                        row={row}
                        rowIndex={rowIndex}
                        column={column}
                        userId={userId}
                        onMove={focusCell}
                        onStatus={setStatus}
                      />
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right font-mono text-white tabular-nums">
                    {formatMinutes(row.minutes)}
                  </td>
                  <td className="px-2">
                    {row.hasEntries ? null : (
                      <RemoveRow
                        userId={userId}
                        weekStart={weekStart}
                        projectId={row.projectId}
                        name={row.projectName}
                      />
                    )}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={days.length + 3} className="px-3 py-6 text-center text-mist-400">
                  No time this week yet. Add a project below, or copy last week's rows.
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="text-mist-300">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                Day total
              </th>
              {dayTotals.map((total, index) => (
                <td key={days[index]} className="px-2 py-2 text-center font-mono tabular-nums">
                  {formatMinutes(total)}
                </td>
              ))}
              <td
                className="px-3 py-2 text-right font-mono font-semibold text-white tabular-nums"
                data-testid="week-total"
              >
                {formatMinutes(minutes)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-mist-400">
        {status}
      </p>
    </div>
  );
}

function GridCell({
  cell,
  row,
  rowIndex,
  column,
  userId,
  onMove,
  onStatus,
}: {
  cell: Cell;
  row: Row;
  rowIndex: number;
  column: number;
  userId: string;
  onMove: (row: number, column: number) => void;
  onStatus: (text: string) => void;
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const saved = cell.minutes ? formatMinutes(cell.minutes) : "";
  const [value, setValue] = useState(saved);
  const [error, setError] = useState("");
  const label = `${row.projectName}, ${dayLabel(cell.date)}`;
  useEffect(() => setValue(saved), [saved]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok === false) {
      setError(fetcher.data.error ?? "Not saved.");
      onStatus(`${label}: ${fetcher.data.error ?? "not saved"}`);
    } else onStatus(`${label}: saved.`);
  }, [fetcher.state, fetcher.data, label, onStatus]);
  const save = () => {
    const text = value.trim();
    const minutes = text === "" ? 0 : parseDuration(text);
    if (minutes === undefined || minutes < 0 || minutes > 24 * 60) {
      setError("Type a duration such as 1:30 or 1.5.");
      onStatus(`${label}: type a duration such as 1:30 or 1.5.`);
      return;
    }
    setError("");
    if (minutes === cell.minutes) return;
    fetcher.submit(
      {
        intent: "cell",
        userId,
        projectId: row.projectId,
        date: cell.date,
        duration: String(minutes),
      },
      { method: "post" },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    if (event.key === "Enter") {
      event.preventDefault();
      save();
      onMove(rowIndex + 1, column);
    } else if (event.key === "Escape") {
      setValue(saved);
      setError("");
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      onMove(rowIndex + 1, column);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      onMove(rowIndex - 1, column);
    } else if (
      event.key === "ArrowLeft" &&
      (atStart || input.selectionStart !== input.selectionEnd)
    ) {
      event.preventDefault();
      onMove(rowIndex, column - 1);
    } else if (
      event.key === "ArrowRight" &&
      (atEnd || input.selectionStart !== input.selectionEnd)
    ) {
      event.preventDefault();
      onMove(rowIndex, column + 1);
    }
  };
  if (!cell.isEditable)
    return (
      <span
        className="block rounded-md px-2 py-1.5 text-center font-mono text-mist-300 tabular-nums"
        title={
          cell.entryCount > 1 ? `${cell.entryCount} entries: change them under Entries` : "Locked"
        }
        data-row={rowIndex}
      >
        {saved || "–"}
        <span className="sr-only">
          {` ${label}`}
          {cell.entryCount > 1 ? `, ${cell.entryCount} entries` : ", locked"}
        </span>
      </span>
    );
  return (
    <input
      aria-label={label}
      aria-invalid={error ? true : undefined}
      title={error || undefined}
      data-row={rowIndex}
      data-column={column}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => {
        if (value !== saved) save();
      }}
      onKeyDown={onKeyDown}
      onFocus={(event) => event.currentTarget.select()}
      className={`w-full rounded-md border bg-white/5 px-2 py-1.5 text-center font-mono text-white tabular-nums outline-none focus:border-frontier-blue ${
        error ? "border-red-400" : "border-white/10"
      } ${fetcher.state !== "idle" ? "opacity-60" : ""}`}
    />
  );
}

function RemoveRow({
  userId,
  weekStart,
  projectId,
  name,
}: {
  userId: string;
  weekStart: string;
  projectId: string;
  name: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="weekStart" value={weekStart} />
      <input type="hidden" name="projectId" value={projectId} />
      <button
        type="submit"
        name="intent"
        value="removeRow"
        className="text-xs text-mist-400 hover:text-white"
        aria-label={`Remove the row of ${name}`}
      >
        Remove
      </button>
    </fetcher.Form>
  );
}
