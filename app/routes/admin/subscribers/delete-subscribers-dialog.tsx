import { Form } from "react-router";
import { ConfirmModal } from "#app/components/admin/confirm-modal.tsx";

/** Asks before deleting the selected subscribers for good, then sends their ids. */
export function DeleteSubscribersDialog({
  selected,
  open,
  onClose,
  onDeleted,
}: {
  selected: string[];
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <>
      <Form method="post" id="delete-subscribers" hidden>
        <input type="hidden" name="intent" value="delete" />
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
      </Form>
      <ConfirmModal
        open={open}
        title={`Delete ${selected.length} subscriber${selected.length === 1 ? "" : "s"} for good?`}
        confirmLabel="Delete for good"
        isDanger
        onCancel={onClose}
        onConfirm={() => {
          onClose();
          (
            document.getElementById("delete-subscribers") as HTMLFormElement | null
          )?.requestSubmit();
          onDeleted();
        }}
      >
        <p>
          Their address, tags and delivery history are erased. To keep them from mail instead, leave
          them unsubscribed.
        </p>
      </ConfirmModal>
    </>
  );
}
