/** The bar above a preview: what state the item is in, and the way back to its editor. */
export function PreviewBanner({ status, editPath }: { status: string; editPath: string }) {
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-between gap-4 bg-frontier-orange px-4 py-2 text-sm font-semibold text-ink-950"
    >
      <span>Preview · {status}: not visible to visitors until published</span>
      <a href={editPath} className="underline">
        Back to the editor
      </a>
    </div>
  );
}
