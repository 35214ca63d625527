export const statusLabel = { open: "Unassigned", assigned: "Assigned", closed: "Closed" } as const;

export const statusStyle = {
  open: "bg-frontier-orange/20 text-orange-200",
  assigned: "bg-frontier-blue/20 text-blue-200",
  closed: "bg-white/10 text-mist-400",
} as const;
