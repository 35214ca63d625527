import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { listPortalProjects } from "#server/portal/projects.ts";
import type { Route } from "./+types/projects";
import { ProjectSummary } from "./project-summary";

export const meta = () => [{ title: "Projects | Frontier client portal" }];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const projects = await listPortalProjects({ db: args.context.db, clientId: viewer.clientId });
  return { projects, locale: localeFrom(args.request) };
}

export default function PortalProjects({ loaderData }: Route.ComponentProps) {
  const { projects, locale } = loaderData;
  return (
    <main id="main">
      <h1 className="heading-lg mb-6">Projects</h1>
      {projects.length ? (
        <div className="grid gap-4">
          {projects.map((project) => (
            <ProjectSummary key={project.id} project={project} locale={locale} />
          ))}
        </div>
      ) : (
        <p className="card text-mist-300">Your projects appear here once a proposal is accepted.</p>
      )}
    </main>
  );
}
