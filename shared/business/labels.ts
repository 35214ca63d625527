/** Words people see for each workflow state (docs/decisions/400-business-workflows.md). */

export const proposalStatusLabel = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
} as const;

export const projectStatusLabel = {
  onboarding: "Onboarding",
  active: "Active",
  on_hold: "On hold",
  completed: "Completed",
  cancelled: "Cancelled",
} as const;

export const invoiceStatusLabel = {
  draft: "Draft",
  sent: "Sent",
  partially_paid: "Partially paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
} as const;

export const paymentMethods = ["bank_transfer", "card", "cash", "cheque", "other"] as const;

export const paymentMethodLabel: Record<(typeof paymentMethods)[number], string> = {
  bank_transfer: "Bank transfer",
  card: "Card",
  cash: "Cash",
  cheque: "Cheque",
  other: "Other",
};

/** Tailwind classes of a state's badge: grey waiting, blue moving, green done, red trouble. */
export const statusTone: Record<string, string> = {
  draft: "bg-white/10 text-mist-300",
  sent: "bg-frontier-blue/20 text-blue-200",
  viewed: "bg-frontier-purple/20 text-purple-200",
  accepted: "bg-green-700/30 text-green-200",
  declined: "bg-red-700/30 text-red-200",
  expired: "bg-white/10 text-mist-400",
  withdrawn: "bg-white/10 text-mist-400",
  onboarding: "bg-frontier-purple/20 text-purple-200",
  active: "bg-frontier-blue/20 text-blue-200",
  on_hold: "bg-orange-700/30 text-orange-200",
  completed: "bg-green-700/30 text-green-200",
  cancelled: "bg-white/10 text-mist-400",
  partially_paid: "bg-orange-700/30 text-orange-200",
  paid: "bg-green-700/30 text-green-200",
  overdue: "bg-red-700/30 text-red-200",
  void: "bg-white/10 text-mist-400",
  new: "bg-frontier-orange/20 text-orange-200",
  converted: "bg-green-700/30 text-green-200",
  archived: "bg-white/10 text-mist-400",
};

export const proposalStatuses = Object.keys(proposalStatusLabel) as Array<
  keyof typeof proposalStatusLabel
>;
export const invoiceStatuses = Object.keys(invoiceStatusLabel) as Array<
  keyof typeof invoiceStatusLabel
>;
