import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { clients } from "#server/db/schema/clients.ts";
import { clientManagers } from "#server/db/schema/time.ts";
import { staff, uniqueSuffix } from "#tests/helpers/business.ts";
import { describeEachDatabase } from "#tests/helpers/db.ts";
import { makePerson } from "#tests/helpers/time.ts";
import { getRatesBoard, setManagedClients } from "./profiles";

describeEachDatabase("people and rates", (get) => {
  it("lists the clients a client manager looks after by name, with the currencies in use", async () => {
    const { db } = get();
    const bob = await makePerson(db, "clientManager", "Bob Manager");
    const suffix = uniqueSuffix();
    const [zulu, alpha] = await db
      .insert(clients)
      .values([
        { company: `Zulu ${suffix}`, currency: "CHF" },
        { company: `alpha ${suffix}`, currency: "USD" },
      ])
      .returning();
    await setManagedClients({ db, actor: staff, userId: bob.id, clientIds: [zulu.id, alpha.id] });
    const board = await getRatesBoard({ db });
    const person = board.people.find((row) => row.id === bob.id);
    expect(person?.managedClients).toEqual([
      { id: alpha.id, company: alpha.company },
      { id: zulu.id, company: zulu.company },
    ]);
    expect(board.currencies).toContain("CHF");
    expect(board.clients.complete).toBe(true);
    expect(board.clients.choices.map((choice) => choice.id)).toContain(zulu.id);
  });

  it("refuses a client id that is not one, and keeps the clients as they were", async () => {
    const { db } = get();
    const bob = await makePerson(db, "clientManager", "Bob Refused");
    const [client] = await db
      .insert(clients)
      .values({ company: `Kept ${uniqueSuffix()}` })
      .returning();
    await setManagedClients({ db, actor: staff, userId: bob.id, clientIds: [client.id] });
    await expect(
      setManagedClients({ db, actor: staff, userId: bob.id, clientIds: [client.id, "nope"] }),
    ).rejects.toMatchObject({ code: "INVALID", message: "Choose clients that exist." });
    const kept = await db
      .select({ clientId: clientManagers.clientId })
      .from(clientManagers)
      .where(eq(clientManagers.userId, bob.id));
    expect(kept).toEqual([{ clientId: client.id }]);
  });
});
