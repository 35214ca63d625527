import { when } from "./when";

export type SyncedChannel = {
  id: string;
  channelId: string;
  title: string | null;
  lastSyncAt: Date | string | null;
  lastSuccessAt: Date | string | null;
  lastStatus: string;
  lastError: string | null;
};

/** The synced channels with their last sync and state, each with a button to remove it. */
export function ChannelTable({
  channels,
  onRemove,
}: {
  channels: SyncedChannel[];
  onRemove: (channel: { id: string; channelId: string }) => void;
}) {
  if (channels.length === 0)
    return <p className="mt-3 text-mist-300">No channels yet: add one below.</p>;
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">Synced channels</caption>
      <thead className="text-mist-400">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">
            Channel
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            Last sync
          </th>
          <th scope="col" className="py-2 pr-4 font-medium">
            State
          </th>
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/10">
        {channels.map((channel) => (
          <tr key={channel.id}>
            <td className="py-3 pr-4">
              <span className="block text-white">
                {channel.title ?? "Name known after the first sync"}
              </span>
              <span className="font-mono text-xs text-mist-400">{channel.channelId}</span>
            </td>
            <td className="py-3 pr-4 text-mist-300">
              {when(channel.lastSyncAt)}
              {channel.lastStatus === "failed" && channel.lastSuccessAt ? (
                <span className="block text-xs text-mist-400">
                  last good: {when(channel.lastSuccessAt)}
                </span>
              ) : null}
            </td>
            <td className="py-3 pr-4">
              {channel.lastStatus === "failed" ? (
                <span className="text-red-300">Failed: {channel.lastError}</span>
              ) : channel.lastStatus === "ok" ? (
                <span className="text-emerald-300">OK</span>
              ) : (
                <span className="text-mist-400">Not synced yet</span>
              )}
            </td>
            <td className="py-3 text-right">
              <button
                type="button"
                className="text-sm text-mist-300 underline underline-offset-4 hover:text-white"
                onClick={() => onRemove({ id: channel.id, channelId: channel.channelId })}
              >
                Remove<span className="sr-only"> {channel.channelId}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
