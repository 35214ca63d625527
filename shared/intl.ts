/**
 * Intl formatters built once per locale and options (decision 705). Building one costs
 * far more than using it (tens of microseconds, on every date of every card of every
 * page); they are immutable, so one per combination serves every render.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** At most this many of each kind are kept (locales come from requests' Accept-Language). */
const MAX_FORMATS = 200;

function remembered<T>(cache: Map<string, T>, key: string, make: () => T) {
  let format = cache.get(key);
  if (!format) {
    format = make();
    if (cache.size >= MAX_FORMATS) cache.delete(cache.keys().next().value as string);
    cache.set(key, format);
  }
  return format;
}

/** new Intl.DateTimeFormat(locale, options), made once. Throws as the constructor does. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  return remembered(dateTimeFormats, `${locale ?? ""}|${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(locale, options);
  });
}

/** new Intl.NumberFormat(locale, options), made once. Throws as the constructor does. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}) {
  return remembered(numberFormats, `${locale ?? ""}|${JSON.stringify(options)}`, () => {
    return new Intl.NumberFormat(locale, options);
  });
}
