import { TouchpointList, type TouchpointView } from "#app/components/admin/touchpoint-list.tsx";
import { formatDateTime } from "#app/components/business/fields.tsx";

type Group = {
  id: string;
  kind: "lead" | "chat";
  contactAt: Date | string;
  touchpoints: TouchpointView[];
};

/** The pages this client's leads and linked chats saw before they wrote in. */
export function PagesBeforeContact({ groups, locale }: { groups: Group[]; locale: string }) {
  return (
    <section aria-labelledby="pages-before-contact" className="card mt-8">
      <h2 id="pages-before-contact" className="heading-md mb-1">
        Pages before contact
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-mist-400">
          No pages were recorded: the first contact came before analytics, by hand, or from a
          browser that asks not to be tracked.
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-6">
          {groups.map((group) => (
            <div key={group.id}>
              <p className="mb-2 text-xs uppercase tracking-wider text-mist-400">
                {group.kind === "lead" ? "Before the enquiry" : "Before the chat"} of{" "}
                {formatDateTime(group.contactAt, locale)}
              </p>
              <TouchpointList touchpoints={group.touchpoints} locale={locale} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
