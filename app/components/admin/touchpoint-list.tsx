import { formatDateTime } from "#app/components/business/fields.tsx";

export type TouchpointView = {
  path: string;
  viewedAt: Date | string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

function origin(touchpoint: TouchpointView) {
  const campaign = [touchpoint.utmSource, touchpoint.utmMedium].filter(Boolean).join(" / ");
  const parts = [
    touchpoint.utmCampaign ? `campaign “${touchpoint.utmCampaign}”` : "",
    campaign ? `(${campaign})` : "",
    touchpoint.referrerHost ? `from ${touchpoint.referrerHost}` : "",
  ].filter(Boolean);
  return parts.join(" ");
}

/** The pages a visitor saw before writing in, oldest first, with where the visit came from. */
export function TouchpointList({
  touchpoints,
  locale,
}: {
  touchpoints: TouchpointView[];
  locale: string;
}) {
  return (
    <ol className="flex flex-col gap-1.5 text-sm" data-touchpoints>
      {touchpoints.map((touchpoint, index) => {
        const from = origin(touchpoint);
        return (
          <li key={`${index}-${touchpoint.path}`} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono text-mist-100">{touchpoint.path}</span>
            <span className="text-xs text-mist-400">
              {formatDateTime(touchpoint.viewedAt, locale)}
            </span>
            {from ? <span className="text-xs text-frontier-orange">{from}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
