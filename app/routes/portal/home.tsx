import { Link } from "react-router";
import { formatDate } from "#app/components/business/fields.tsx";
import { localeFrom } from "#server/business/locale.ts";
import { requirePortalViewer } from "#server/portal/guard.ts";
import { getPortalHome } from "#server/portal/home.ts";
import type { Route } from "./+types/home";
import { AttentionList } from "./attention-list";
import { InvoiceList } from "./invoice-list";
import { ProjectSummary } from "./project-summary";

export const meta = () => [{ title: "Your portal | Frontier" }];

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requirePortalViewer(args);
  const home = await getPortalHome({ db: args.context.db, clientId: viewer.clientId });
  return { ...home, firstName: viewer.name.split(" ")[0], locale: localeFrom(args.request) };
}

export default function PortalHome({ loaderData }: Route.ComponentProps) {
  const { attention, projects, invoices, documents, firstName, locale } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-10">
      <h1 className="heading-lg">Hello {firstName}</h1>
      <AttentionList items={attention} locale={locale} />

      <section aria-labelledby="projects-title">
        <h2 id="projects-title" className="heading-md mb-3">
          Your projects
        </h2>
        {projects.length ? (
          <div className="grid gap-4">
            {projects.map((project) => (
              <ProjectSummary key={project.id} project={project} locale={locale} />
            ))}
          </div>
        ) : (
          <p className="card text-mist-300">
            Your projects appear here once a proposal is accepted.
          </p>
        )}
      </section>

      <section aria-labelledby="invoices-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id="invoices-title" className="heading-md">
            Recent invoices
          </h2>
          <Link to="/portal/invoices" className="text-sm text-frontier-blue underline">
            All invoices
          </Link>
        </div>
        <InvoiceList invoices={invoices} locale={locale} />
      </section>

      <section aria-labelledby="documents-title">
        <h2 id="documents-title" className="heading-md mb-3">
          Documents
        </h2>
        {documents.files.length || documents.signed.length ? (
          <ul className="card flex flex-col gap-3 text-sm">
            {documents.signed.map((proposal) => (
              <li key={proposal.id} className="flex flex-wrap justify-between gap-2">
                <a
                  href={`/portal/proposals/${proposal.id}/pdf`}
                  className="text-frontier-blue underline"
                  download
                >
                  Signed proposal: {proposal.title} (PDF)
                </a>
                <span className="text-mist-400">
                  Accepted {formatDate(proposal.acceptedAt, locale)}
                </span>
              </li>
            ))}
            {documents.files.map((file) => (
              <li key={file.id} className="flex flex-wrap justify-between gap-2">
                <a
                  href={`/portal/projects/${file.projectId}/files/${file.id}`}
                  className="text-frontier-blue underline"
                  download
                >
                  {file.filename}
                </a>
                <span className="text-mist-400">
                  {file.projectName} · {formatDate(file.createdAt, locale)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="card text-mist-300">Files the team shares with you will appear here.</p>
        )}
      </section>
    </main>
  );
}
