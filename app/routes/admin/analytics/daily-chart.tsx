import { dayLabel, formatCount } from "./labels";

type Day = { day: string; views: number; visitors: number };

/**
 * Views per day as bars, visitors as a line, drawn as SVG on the server; the same figures
 * as a table for screen readers.
 */
export function DailyChart({ days, locale }: { days: Day[]; locale: string }) {
  const width = 720;
  const height = 200;
  const max = Math.max(1, ...days.map((day) => day.views));
  const step = width / Math.max(days.length, 1);
  const barWidth = Math.max(step * 0.7, 1);
  const y = (value: number) => height - Math.round((value / max) * height);
  const line = days
    .map((day, index) => `${(index * step + step / 2).toFixed(1)},${y(day.visitors)}`)
    .join(" ");
  const ticks =
    days.length <= 7
      ? days.map((_, index) => index)
      : [0, Math.floor(days.length / 2), days.length - 1];
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const visitors = days.reduce((sum, day) => sum + day.visitors, 0);
  return (
    <figure className="card">
      <figcaption className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <span className="heading-md">Per day</span>
        <span className="flex gap-4 text-xs text-mist-300" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-frontier-blue" /> Views
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-0.5 w-4 bg-frontier-orange" /> Visitors
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-44 w-full sm:h-56"
        role="img"
        aria-label={`Views and visitors per day, ${formatCount(views, locale)} views and ${formatCount(visitors, locale)} visitors in all. The table that follows lists each day.`}
      >
        <line
          x1={0}
          x2={width}
          y1={height}
          y2={height}
          vectorEffect="non-scaling-stroke"
          className="stroke-white/10"
        />
        {days.map((day, index) => {
          const top = y(day.views);
          return (
            <rect
              key={day.day}
              x={index * step + (step - barWidth) / 2}
              y={top}
              width={barWidth}
              height={Math.max(height - top, day.views > 0 ? 2 : 0)}
              className="fill-frontier-blue/80"
            />
          );
        })}
        <polyline
          points={line}
          fill="none"
          strokeWidth={2}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
          className="stroke-frontier-orange"
        />
      </svg>
      {/* Dates as text under the chart, so they stay readable on a phone. */}
      <div className="mt-2 flex justify-between text-xs text-mist-400" aria-hidden="true">
        {ticks.map((index) => (
          <span key={days[index]?.day}>
            {days[index] ? dayLabel(days[index].day, locale, "short") : ""}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>Views and visitors per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Visitors</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayLabel(day.day, locale, "long")}</th>
              <td>{day.views}</td>
              <td>{day.visitors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
