import { InternalLink } from "./internal-link";

/** A visible breadcrumb trail; the last entry is the current page. */
export function Breadcrumbs({ trail }: { trail: Array<[label: string, path: string]> }) {
  return (
    <nav aria-label="Breadcrumb" className="pt-10 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-mist-400">
        {trail.map(([label, path], index) => {
          const isCurrent = index === trail.length - 1;
          return (
            <li key={path} className="flex items-center gap-2">
              {isCurrent ? (
                <span aria-current="page" className="text-mist-100">
                  {label}
                </span>
              ) : (
                <>
                  <InternalLink
                    to={path}
                    className="underline-offset-4 hover:text-white hover:underline"
                  >
                    {label}
                  </InternalLink>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
