/** A content item's state, with the scheduled time when it waits. */
export function StatusBadge({ status, at }: { status: string; at?: Date | string | null }) {
  const colours: Record<string, string> = {
    published: "bg-emerald-500/15 text-emerald-300",
    scheduled: "bg-frontier-purple/20 text-purple-200",
    draft: "bg-white/10 text-mist-300",
  };
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${colours[status] ?? colours.draft}`}
    >
      {status}
      {status === "scheduled" && at ? ` · ${new Date(at).toLocaleString()}` : ""}
    </span>
  );
}
