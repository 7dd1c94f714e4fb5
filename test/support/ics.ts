/**
 * Reads an iCalendar text back the way a calendar does (RFC 5545): lines unfolded, properties with
 * their parameters, TEXT values unescaped, components nested. For tests of what the e-mails attach.
 */

export type IcsProperty = { name: string; params: Record<string, string>; value: string };
export type IcsComponent = { type: string; props: IcsProperty[]; children: IcsComponent[] };

const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

function parseLine(line: string): IcsProperty {
  // The value starts at the first colon outside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length && colon < 0; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) colon = i;
  }
  const [name, ...params] = line.slice(0, colon).split(';');
  return {
    name: name!.toUpperCase(),
    params: Object.fromEntries(params.map((p) => [p.slice(0, p.indexOf('=')).toUpperCase(), p.slice(p.indexOf('=') + 1).replace(/^"|"$/g, '')])),
    value: line.slice(colon + 1),
  };
}

export function parseIcs(text: string): IcsComponent {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l.length > 0);
  const root: IcsComponent = { type: 'ROOT', props: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const prop = parseLine(line);
    if (prop.name === 'BEGIN') {
      const child = { type: prop.value, props: [], children: [] };
      stack.at(-1)!.children.push(child);
      stack.push(child);
    } else if (prop.name === 'END') {
      if (stack.at(-1)!.type !== prop.value) throw new Error(`END:${prop.value} closes ${stack.at(-1)!.type}`);
      stack.pop();
    } else stack.at(-1)!.props.push(prop);
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error('not one closed VCALENDAR');
  return root.children[0]!;
}

/** A property's value (TEXT unescaped) of a component, or undefined. */
export const prop = (c: IcsComponent, name: string) => c.props.find((p) => p.name === name);
export const text = (c: IcsComponent, name: string) => {
  const p = prop(c, name);
  return p && unescapeText(p.value);
};
export const components = (c: IcsComponent, type: string) => c.children.filter((x) => x.type === type);

/** A DATE-TIME's fields as a UTC timestamp, and whether it is UTC (Z) or a local time. */
function wallClock(value: string) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!m) throw new Error(`not a DATE-TIME: ${value}`);
  return { wall: Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!), utc: m[7] === 'Z' };
}

/**
 * The instant a DATE-TIME with TZID stands for, from the calendar's own VTIMEZONE: the offset of the
 * last observance whose onset is at or before that local time.
 */
export function instantOf(cal: IcsComponent, p: IcsProperty): Date {
  const { wall, utc } = wallClock(p.value);
  if (utc) return new Date(wall);
  const zone = components(cal, 'VTIMEZONE').find((z) => text(z, 'TZID') === p.params.TZID);
  if (!zone) throw new Error(`no VTIMEZONE for ${p.params.TZID}`);
  const onsets = zone.children
    .map((o) => ({ onset: wallClock(text(o, 'DTSTART')!).wall, offset: text(o, 'TZOFFSETTO')! }))
    .filter((o) => o.onset <= wall)
    .sort((a, b) => a.onset - b.onset);
  const offset = onsets.at(-1)?.offset;
  if (!offset) throw new Error(`${p.value} is before every observance of ${p.params.TZID}`);
  const minutes = (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  return new Date(wall - minutes * 60_000);
}
