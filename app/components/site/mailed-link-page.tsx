import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

type Panel = { title: string; text: ReactNode };

/**
 * The page a link from one of our mails opens (confirm a subscription,
 * unsubscribe): it asks for a press of a button first, so link scanners that
 * open every address in a mail change nothing, then says how it went.
 */
export function MailedLinkPage({
  token,
  outcome,
  ask,
  done,
  invalid,
}: {
  token: string;
  /** What the button's action answered, if it was pressed. */
  outcome: "done" | "invalid" | undefined;
  ask: Panel & { button: string };
  done: Panel & { next?: ReactNode };
  invalid: Panel;
}) {
  const isBusy = useNavigation().state !== "idle";
  const shown = outcome ?? (token ? undefined : "invalid");
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col justify-center py-24">
      <div className="card max-w-xl">
        {shown === "done" ? (
          <>
            <h1 className="heading-lg">{done.title}</h1>
            <p className="mt-4 text-mist-300" role="status">
              {done.text}
            </p>
            {done.next}
          </>
        ) : shown === "invalid" ? (
          <>
            <h1 className="heading-lg">{invalid.title}</h1>
            <p className="mt-4 text-mist-300" role="alert">
              {invalid.text}
            </p>
          </>
        ) : (
          <>
            <h1 className="heading-lg">{ask.title}</h1>
            <p className="mt-4 text-mist-300">{ask.text}</p>
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn-primary" disabled={isBusy}>
                {isBusy ? "Submitting..." : ask.button}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
