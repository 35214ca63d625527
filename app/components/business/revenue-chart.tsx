import { dateTimeFormat } from "#shared/intl.ts";
import { formatMoney } from "#shared/money.ts";

type Props = { currency: string; months: Array<{ month: string; amount: number }>; locale: string };

function monthLabel(month: string, locale: string, style: "short" | "long") {
  return dateTimeFormat(locale, {
    month: style,
    year: style === "long" ? "numeric" : undefined,
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** Revenue received per month as bars; the same figures as a table for screen readers. */
export function RevenueChart({ currency, months, locale }: Props) {
  const max = Math.max(1, ...months.map((item) => item.amount));
  const width = 600;
  const height = 200;
  const gap = 8;
  const barWidth = (width - gap * (months.length - 1)) / months.length;
  const total = months.reduce((sum, item) => sum + item.amount, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        className="w-full"
        role="img"
        aria-label={`Revenue received per month in ${currency}: ${formatMoney(total, currency, locale)} over the last twelve months. The table below lists each month.`}
      >
        {months.map((item, index) => {
          const barHeight = Math.round((item.amount / max) * height);
          const x = index * (barWidth + gap);
          return (
            <g key={item.month}>
              <rect
                x={x}
                y={height - barHeight}
                width={barWidth}
                height={Math.max(barHeight, 1)}
                rx={4}
                className={
                  index === months.length - 1 ? "fill-frontier-orange" : "fill-frontier-blue"
                }
              />
              <text
                x={x + barWidth / 2}
                y={height + 16}
                textAnchor="middle"
                className="fill-mist-400 text-[11px]"
              >
                {monthLabel(item.month, locale, "short")}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>Revenue per month in {currency}</caption>
          <tbody>
            {months.map((item) => (
              <tr key={item.month}>
                <th scope="row">{monthLabel(item.month, locale, "long")}</th>
                <td>{formatMoney(item.amount, currency, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
