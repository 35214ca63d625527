import { Form } from "react-router";

/**
 * The endpoint's signing secret: hidden until an admin asks (each reveal is audited), and
 * replaced by a new one on request. The receiver checks `Frontier-Signature` with it.
 */
export function SecretPanel({ secret, isBusy }: { secret?: string; isBusy: boolean }) {
  return (
    <section aria-labelledby="secret-heading" className="card">
      <h2 id="secret-heading" className="heading-md">
        Signing secret
      </h2>
      <p className="mt-2 text-sm text-mist-300">
        Every delivery carries <code>Frontier-Signature: t=…,v1=…</code>: the hex HMAC-SHA256 of{" "}
        <code>t.body</code> with this secret. Check it, and that <code>t</code> is recent.
      </p>
      {secret ? (
        <>
          <label htmlFor="endpoint-secret" className="field-label mt-4">
            Secret
          </label>
          <input
            id="endpoint-secret"
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="field-input font-mono text-sm"
          />
        </>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {secret ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="reveal" />
            <button type="submit" className="btn-secondary px-4 py-2 text-sm" disabled={isBusy}>
              Reveal secret
            </button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="roll" />
          <button type="submit" className="btn-secondary px-4 py-2 text-sm" disabled={isBusy}>
            Replace secret
          </button>
        </Form>
      </div>
    </section>
  );
}
