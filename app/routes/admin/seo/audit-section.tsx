import { Link } from "react-router";

export type AuditedPage = {
  path: string;
  title: string | null;
  fixUrl: string;
  problems: string[];
};

/** Runs the audit of every public page on request and lists each page's problems. */
export function AuditSection({
  audit,
  isAuditing,
}: {
  audit: AuditedPage[] | null;
  isAuditing: boolean;
}) {
  const problemCount = audit?.reduce((sum, page) => sum + page.problems.length, 0) ?? 0;
  return (
    <section id="audit" className="card mb-8 p-5" aria-labelledby="audit-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-heading" className="heading-md">
          Audit
        </h2>
        <Link to="?audit=1#audit" className="btn-secondary">
          {isAuditing ? "Checking every page…" : audit ? "Run again" : "Run the audit"}
        </Link>
      </div>
      {audit ? (
        <>
          <p className="mt-2 text-sm text-mist-300">
            {audit.length} pages checked, {problemCount} problem{problemCount === 1 ? "" : "s"}{" "}
            found.
          </p>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Public pages and their problems</caption>
              <thead className="text-xs uppercase tracking-wider text-mist-400">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Page
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Problems
                  </th>
                  <th scope="col" className="py-2">
                    Fix
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/5">
                {audit.map((page) => (
                  <tr key={page.path}>
                    <td className="py-2 pr-4 align-top">
                      <a href={page.path} className="text-frontier-blue underline">
                        {page.path}
                      </a>
                      <p className="text-xs text-mist-400">{page.title}</p>
                    </td>
                    <td className="py-2 pr-4 align-top">
                      {page.problems.length ? (
                        <ul className="list-disc pl-4 text-orange-200">
                          {page.problems.map((problem) => (
                            <li key={problem}>{problem}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-emerald-300">No problems</span>
                      )}
                    </td>
                    <td className="py-2 align-top">
                      {page.problems.length ? (
                        <a href={page.fixUrl} className="text-frontier-blue underline">
                          Fix<span className="sr-only"> {page.path}</span>
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-mist-400">
          Checks titles, descriptions, image alt text, internal links and the sitemap of every
          public page.
        </p>
      )}
    </section>
  );
}
