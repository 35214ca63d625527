import { Link } from "react-router";

type Tab = "clients" | "leads";

/** Switches the screen between the clients and the leads that may become them. */
export function ClientsTabs({ active }: { active: Tab }) {
  const tab = (id: Tab, label: string, to: string) => (
    <Link
      to={to}
      aria-current={active === id ? "page" : undefined}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold ${active === id ? "bg-frontier-blue/20 text-white" : "text-mist-300 hover:text-white"}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Clients and leads" className="mb-6 flex gap-2">
      {tab("clients", "Clients", "/admin/clients")}
      {tab("leads", "Leads", "/admin/clients?tab=leads")}
    </nav>
  );
}
