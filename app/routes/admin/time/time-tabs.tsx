import { NavLink } from "react-router";

const pages = [
  { to: "/admin/time", label: "Timesheet", end: true },
  { to: "/admin/time/entries", label: "Entries", end: false },
  { to: "/admin/time/invoice", label: "Invoice hours", end: true },
  { to: "/admin/time/import", label: "Import", end: false },
  { to: "/admin/time/rates", label: "People and rates", end: true, isAdminOnly: true },
];

/** Tabs across the Time pages, under each page's title. */
export function TimeTabs({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="Time pages" className="-mt-4 mb-8">
      <ul className="flex flex-wrap gap-2">
        {pages
          .filter((page) => isAdmin || !page.isAdminOnly)
          .map((page) => (
            <li key={page.to}>
              <NavLink
                to={page.to}
                end={page.end}
                className={({ isActive }) =>
                  `inline-block rounded-full border px-4 py-1.5 text-sm transition ${
                    isActive
                      ? "border-frontier-blue/60 bg-frontier-blue/15 font-semibold text-white"
                      : "border-white/10 text-mist-300 hover:border-white/30 hover:text-white"
                  }`
                }
              >
                {page.label}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** A project `<option>` list grouped by client. */
export function ProjectOptions({
  projects,
}: {
  projects: Array<{ id: string; name: string; clientName: string }>;
}) {
  const clients = [...new Set(projects.map((project) => project.clientName))];
  return (
    <>
      {clients.map((client) => (
        <optgroup key={client} label={client}>
          {projects
            .filter((project) => project.clientName === client)
            .map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
