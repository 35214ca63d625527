import type { ReactNode } from "react";

/** A right-aligned figure in the analytics tables; columns after the first figure are padded. */
export function NumberCell({
  children,
  isFirst = false,
  className = "",
}: {
  children: ReactNode;
  isFirst?: boolean;
  className?: string;
}) {
  return (
    <td className={`py-2 text-right tabular-nums ${isFirst ? "" : "pl-3"} ${className}`.trim()}>
      {children}
    </td>
  );
}
