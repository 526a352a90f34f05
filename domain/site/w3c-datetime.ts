// W3C Datetime (https://www.w3.org/TR/NOTE-datetime): YYYY, YYYY-MM, YYYY-MM-DD, then hh:mm, hh:mm:ss or
// hh:mm:ss.s, always with a zone designator.
const W3C_DATETIME =
  /^(\d{4})(?:-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01])(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?)?)?$/;

/** Milliseconds since the epoch of the start of the datetime, or undefined when it is not a valid W3C datetime. */
export function parseW3cDatetime(text: string): number | undefined {
  const match = W3C_DATETIME.exec(text);
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone = 'Z'] = match;
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // Date.UTC rolls 2023-02-30 over into March; a real date survives the round trip.
  if (new Date(ms).getUTCDate() !== Number(day)) return undefined;
  if (zone === 'Z') return ms;
  const offsetMinutes = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6));
  return zone.startsWith('+') ? ms - offsetMinutes * 60_000 : ms + offsetMinutes * 60_000;
}
