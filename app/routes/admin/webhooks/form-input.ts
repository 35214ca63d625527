/** An endpoint form as the server functions take it: the checked events as a list. */
export function endpointInput(form: FormData) {
  return {
    url: String(form.get("url") ?? ""),
    description: String(form.get("description") ?? ""),
    events: form.getAll("events").map(String),
  };
}
