import { Form, useActionData } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { FormError } from "#app/components/business/fields.tsx";
import { requireRole } from "#server/auth/guard.ts";
import { AppError, errorResponse } from "#server/errors.ts";
import { readForm } from "#server/form-body.ts";
import {
  getRatesBoard,
  saveStaffRates,
  saveTimeProfile,
  setManagedClients,
} from "#server/time/profiles.ts";
import { timeViewerOf } from "#server/time/records.ts";
import { redirectWithToast } from "#server/toast.ts";
import { moneyInputValue, parseMoney } from "#shared/money.ts";
import { parseDuration } from "#shared/time.ts";
import type { Route } from "./+types/rates";
import { ManagedClientsForm } from "./managed-clients-form";
import { TimeTabs } from "./time-tabs";

export const meta = () => [{ title: "People and rates | Command Center" }];

export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, "admin");
  const board = await getRatesBoard({ db: args.context.db });
  return { ...board, timeZones: Intl.supportedValuesOf("timeZone") };
}

function rateFrom(text: string, currency: string, field: string) {
  if (!text.trim()) return null;
  const amount = parseMoney(text, currency);
  if (amount === undefined || amount < 0)
    throw new AppError("INVALID", "Enter an hourly rate of zero or more, such as 150.00.", {
      fieldErrors: { [field]: ["Enter an hourly rate of zero or more, such as 150.00."] },
    });
  return amount;
}

/** One person's time zone and capacity, rates in a currency, or the clients they look after (admins). */
export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, "admin");
  const form = await readForm(args.request);
  const field = (name: string) => String(form.get(name) ?? "");
  const actor = timeViewerOf(user, args.context.clientAddress);
  const { db } = args.context;
  const userId = field("userId").slice(0, 64);
  const done = (message: string) => redirectWithToast("/admin/time/rates", { message });
  try {
    switch (field("intent")) {
      case "profile": {
        const capacity = field("weeklyCapacity").trim();
        const minutes = capacity ? parseDuration(capacity) : null;
        if (minutes === undefined)
          throw new AppError("INVALID", "Enter the hours of a working week, such as 40.", {
            fieldErrors: { weeklyCapacity: ["Enter the hours of a working week, such as 40."] },
          });
        await saveTimeProfile({
          db,
          actor,
          userId,
          timeZone: field("timeZone").trim(),
          weeklyCapacityMinutes: minutes,
        });
        return done("Time zone and week saved.");
      }
      case "rates": {
        const currency = field("currency").trim().toUpperCase();
        await saveStaffRates({
          db,
          actor,
          userId,
          currency,
          billingRate: rateFrom(field("billingRate"), currency, "billingRate"),
          costRate: rateFrom(field("costRate"), currency, "costRate"),
        });
        return done(`Rates in ${currency} saved.`);
      }
      case "clients":
        await setManagedClients({
          db,
          actor,
          userId,
          // The search field posts an empty value when nothing was added with it.
          clientIds: form.getAll("clientId").map(String).filter(Boolean),
        });
        return done("Clients saved.");
      default:
        throw new AppError("INVALID", "Unknown action.");
    }
  } catch (error) {
    return errorResponse(error);
  }
}

export default function RatesScreen({ loaderData }: Route.ComponentProps) {
  const { people, currencies, clients, timeZones } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="p-6 sm:p-10">
      <PageHeader
        title="People and rates"
        description="Each person's time zone (their timesheet's days), billing and cost rates per currency (cost rates are seen by admins only), and the clients a client manager looks after."
      />
      <TimeTabs isAdmin />
      <FormError error={actionData && "error" in actionData ? actionData.error : undefined} />
      <datalist id="time-zones">
        {timeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className="mt-4 flex flex-col gap-6">
        {people.map((person) => (
          <section
            key={person.id}
            aria-labelledby={`person-${person.id}`}
            className="card"
            data-testid="rates-person"
          >
            <h2 id={`person-${person.id}`} className="heading-md">
              {person.name}{" "}
              <span className="text-sm font-normal text-mist-400">{person.email}</span>
            </h2>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <input type="hidden" name="userId" value={person.id} />
              <div>
                <label htmlFor={`zone-${person.id}`} className="field-label text-xs">
                  Time zone
                </label>
                <input
                  id={`zone-${person.id}`}
                  name="timeZone"
                  list="time-zones"
                  defaultValue={person.timeZone}
                  required
                  className="field-input py-1.5 text-sm"
                />
              </div>
              <div>
                <label htmlFor={`capacity-${person.id}`} className="field-label text-xs">
                  Hours a week
                </label>
                <input
                  id={`capacity-${person.id}`}
                  name="weeklyCapacity"
                  inputMode="decimal"
                  defaultValue={
                    person.weeklyCapacityMinutes ? String(person.weeklyCapacityMinutes / 60) : ""
                  }
                  className="field-input w-24 py-1.5 text-sm"
                />
              </div>
              <button
                type="submit"
                name="intent"
                value="profile"
                className="btn-secondary px-4 py-2 text-sm"
              >
                Save
              </button>
            </Form>
            <table className="mt-4 w-full max-w-2xl text-sm">
              <caption className="text-left text-xs text-mist-400">
                Hourly rates by currency; empty means none.
              </caption>
              <thead>
                <tr className="text-left text-mist-400">
                  <th scope="col" className="py-1 font-medium">
                    Currency
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Billing rate
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Cost rate
                  </th>
                  <th scope="col" className="py-1">
                    <span className="sr-only">Save</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {currencies.map((currency) => {
                  const rate = person.rates.find((row) => row.currency === currency);
                  const formId = `rates-${person.id}-${currency}`;
                  return (
                    <tr key={currency}>
                      <td className="py-1 pr-3">{currency}</td>
                      <td className="py-1 pr-3">
                        <input
                          form={formId}
                          name="billingRate"
                          aria-label={`${person.name}'s billing rate in ${currency}`}
                          inputMode="decimal"
                          defaultValue={
                            rate?.billingRate == null
                              ? ""
                              : moneyInputValue(rate.billingRate, currency)
                          }
                          className="field-input w-32 py-1 text-sm"
                        />
                      </td>
                      <td className="py-1 pr-3">
                        <input
                          form={formId}
                          name="costRate"
                          aria-label={`${person.name}'s cost rate in ${currency}`}
                          inputMode="decimal"
                          defaultValue={
                            rate?.costRate == null ? "" : moneyInputValue(rate.costRate, currency)
                          }
                          className="field-input w-32 py-1 text-sm"
                        />
                      </td>
                      <td className="py-1">
                        <Form method="post" id={formId}>
                          <input type="hidden" name="userId" value={person.id} />
                          <input type="hidden" name="currency" value={currency} />
                          <button
                            type="submit"
                            name="intent"
                            value="rates"
                            className="btn-secondary px-3 py-1 text-xs"
                          >
                            Save {currency}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {person.role === "clientManager" ? (
              <ManagedClientsForm person={person} clients={clients} />
            ) : null}
          </section>
        ))}
      </div>
    </main>
  );
}
