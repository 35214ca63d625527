import { statusTone } from "#shared/business/labels.ts";

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[status] ?? "bg-white/10 text-mist-300"}`}
      data-status={status}
    >
      {label}
    </span>
  );
}
