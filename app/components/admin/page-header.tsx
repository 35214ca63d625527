import type { ReactNode } from "react";
import { Link } from "react-router";

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons or links shown at the right (e.g. "New invoice"). */
  actions?: ReactNode;
  /** Where "Back" goes, for detail and edit screens. */
  back?: { to: string; label: string };
};

/** The title block at the top of every command-center screen. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-wrap items-end justify-between gap-4 border-b border-white/10 pb-6">
      <div className="min-w-0">
        {back ? (
          <Link to={back.to} className="mb-2 inline-block text-sm text-mist-400 hover:text-white">
            ← {back.label}
          </Link>
        ) : null}
        <h1 className="heading-lg">{title}</h1>
        {description ? <p className="mt-2 max-w-2xl text-mist-300">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </header>
  );
}
