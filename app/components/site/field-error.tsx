/** The first message the server or the form's schema gave for one field, under that field. */
export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field-error">
      {messages[0]}
    </p>
  );
}
