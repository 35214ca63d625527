import { Link, useFetcher } from "react-router";
import { ClientPicker } from "#app/components/business/client-picker.tsx";
import type { ActionResult, LoaderData, SelectedConversation } from "./inbox-types";
import { useActionToast } from "./use-action-toast";

export function ClientLinkForm({
  conversation,
  clientChoices,
}: {
  conversation: SelectedConversation;
  clientChoices: LoaderData["clientChoices"];
}) {
  const link = useFetcher<ActionResult>();
  useActionToast(link.data);
  return (
    <link.Form
      method="post"
      className="flex flex-wrap items-end gap-3 border-t border-white/10 px-6 py-4"
    >
      <input type="hidden" name="intent" value="link-client" />
      <input type="hidden" name="conversationId" value={conversation.id} />
      <div className="min-w-56 flex-1">
        <label htmlFor="chat-client" className="field-label">
          Linked client
        </label>
        <ClientPicker
          id="chat-client"
          name="clientId"
          menu={clientChoices}
          defaultClientId={conversation.clientId ?? ""}
          emptyLabel="Not linked"
        />
      </div>
      <button
        type="submit"
        className="btn-secondary px-4 py-2 text-sm"
        disabled={link.state !== "idle"}
      >
        Save link
      </button>
      {conversation.clientId ? (
        <Link
          to={`/admin/clients/${conversation.clientId}`}
          className="text-sm text-frontier-blue hover:underline"
        >
          Open client
        </Link>
      ) : null}
    </link.Form>
  );
}
