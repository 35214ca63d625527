import { Form } from "react-router";
import { type ClientMenu, ClientPicker } from "#app/components/business/client-picker.tsx";

type Person = { id: string; managedClients: Array<{ id: string; company: string }> };

/**
 * The clients a client manager looks after: a box for each client while the agency's clients
 * fit in a menu; past that, a box for each client they look after and a search to add one
 * (decision 807).
 */
export function ManagedClientsForm({ person, clients }: { person: Person; clients: ClientMenu }) {
  const managedIds = new Set(person.managedClients.map((client) => client.id));
  const boxes = clients.complete ? clients.choices : person.managedClients;
  // With no clients at all there is nothing to look after.
  if (clients.complete && boxes.length === 0) return null;
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="userId" value={person.id} />
      <fieldset>
        <legend className="field-label text-xs">
          Looks after (sees the time on these clients' projects)
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {boxes.map((client) => (
            <label key={client.id} className="flex items-center gap-2 text-mist-300">
              <input
                type="checkbox"
                name="clientId"
                value={client.id}
                defaultChecked={managedIds.has(client.id)}
              />
              {client.company}
            </label>
          ))}
          {boxes.length === 0 ? <p className="text-mist-400">None yet.</p> : null}
        </div>
      </fieldset>
      {clients.complete ? null : (
        <div className="mt-3 max-w-sm">
          <label htmlFor={`add-client-${person.id}`} className="field-label text-xs">
            Add a client
          </label>
          <ClientPicker
            // Empty again once a save has changed the list.
            key={person.managedClients.map((client) => client.id).join()}
            id={`add-client-${person.id}`}
            name="clientId"
            menu={clients}
            defaultClientId=""
            emptyLabel="Add a client"
          />
        </div>
      )}
      <button
        type="submit"
        name="intent"
        value="clients"
        className="btn-secondary mt-2 px-4 py-2 text-sm"
      >
        Save clients
      </button>
    </Form>
  );
}
