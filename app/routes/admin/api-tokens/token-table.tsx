import type { Route } from "./+types/index";
import { formatWhen } from "./when";

type Token = Route.ComponentProps["loaderData"]["tokens"][number];

const scopeLabel = (scopes: string[]) =>
  scopes.includes("business:write") ? "Business, read and write" : "Content, read only";

/** Every token: what it may reach, who made it, when it was last used; revoke. */
export function TokenTable({
  tokens,
  onRevoke,
}: {
  tokens: Token[];
  onRevoke: (token: { id: string; name: string }) => void;
}) {
  if (tokens.length === 0)
    return (
      <p className="mt-4 text-mist-300">
        No tokens yet. Make one for each system that needs the API.
      </p>
    );
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">API tokens</caption>
        <thead className="text-mist-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Access
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Made
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last used
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id} className="border-t border-white/10 align-top">
              <td className="py-3 pr-4">
                <span className="font-medium text-white">{token.name}</span>
                <code className="mt-1 block text-xs text-mist-400">{token.prefix}…</code>
              </td>
              <td className="py-3 pr-4">{scopeLabel(token.scopes)}</td>
              <td className="py-3 pr-4">
                {formatWhen(token.createdAt)}
                {token.createdByEmail ? (
                  <span className="block text-xs text-mist-400">by {token.createdByEmail}</span>
                ) : null}
              </td>
              <td className="py-3 pr-4">
                {token.lastUsedAt ? formatWhen(token.lastUsedAt) : "Never"}
              </td>
              <td className="py-3 text-right">
                {token.revokedAt ? (
                  <span className="text-red-300">Revoked {formatWhen(token.revokedAt)}</span>
                ) : (
                  <button
                    type="button"
                    className="rounded-full border border-red-400/40 px-3 py-1 text-red-200 hover:bg-red-500/10"
                    onClick={() => onRevoke({ id: token.id, name: token.name })}
                  >
                    Revoke<span className="sr-only"> {token.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
