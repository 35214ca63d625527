/**
 * The two hidden fields of every public form: a honeypot people never see
 * (bots fill it in) and the form token (use-form-token.ts), empty until the
 * visitor starts filling the form.
 */
export function BotFields({ formToken }: { formToken?: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name="formToken" value={formToken ?? ""} />
    </>
  );
}
