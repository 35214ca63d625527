import type { FetcherWithComponents } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";
import type { ActionResult } from "./action-result";

/** Asks before a channel stops being synced, then removes it without leaving the page. */
export function RemoveChannelDialog({
  fetcher,
  removing,
  onClose,
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  removing: { id: string; channelId: string } | null;
  onClose: () => void;
}) {
  return (
    <>
      <fetcher.Form method="post" id="remove-channel">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={removing?.id ?? ""} />
      </fetcher.Form>
      <ConfirmModal
        open={removing !== null}
        title="Stop syncing this channel?"
        confirmLabel="Remove channel"
        isDanger
        onCancel={onClose}
        onConfirm={() => {
          (document.getElementById("remove-channel") as HTMLFormElement | null)?.requestSubmit();
          onClose();
        }}
      >
        {removing?.channelId} leaves the list. Episodes it brought in stay in Podcasts.
      </ConfirmModal>
    </>
  );
}
