import { z } from 'zod';
import { formatIsoDato, formatTal, utcDato } from './format';

/**
 * zod's messages in Danish, for every schema that does not give its own message. Set once, here;
 * common.ts imports this module and every contract imports common.ts, so the server's 400 answers and
 * the client's form validation both speak Danish. zod's own Danish locale (z.locales.da) is a word-for-word
 * translation ('For stor: forventede streng havde <= 100 tegn'), so these are written for the case
 * worker instead: what the field must be, not what the parser expected.
 */

const tal = (n: number | bigint) => formatTal(n, 6);

/** A date bound (z.date()) as the interface writes dates: DD-MM-ÅÅÅÅ. */
const dato = (n: number | bigint | Date) => {
  const d = new Date(typeof n === 'bigint' ? Number(n) : n);
  if (Number.isNaN(d.getTime())) return String(n);
  return formatIsoDato(utcDato(d));
};

/** A value as a message quotes it: short, and never the whole of a long input. */
function vis(v: unknown): string {
  const s = typeof v === 'string' ? `'${v}'` : typeof v === 'bigint' ? `${v}` : String(JSON.stringify(v));
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/** Up to ten items, then how many more. */
function liste(values: readonly unknown[]): string {
  const vist = values.slice(0, 10).map(vis).join(', ');
  return values.length > 10 ? `${vist} (og ${values.length - 10} mere)` : vist;
}

const TYPER: Record<string, string> = {
  string: 'Skal være tekst',
  number: 'Skal være et tal',
  int: 'Skal være et helt tal',
  bigint: 'Skal være et helt tal',
  boolean: 'Skal være ja eller nej (true/false)',
  array: 'Skal være en liste',
  object: 'Skal være et objekt med felter',
  date: 'Skal være en dato',
  null: 'Skal være tom (null)',
  undefined: 'Må ikke angives',
};

const FORMATER: Record<string, string> = {
  email: 'Skal være en e-mailadresse',
  url: 'Skal være en webadresse',
  uuid: 'Skal være et gyldigt id (UUID)',
  uuidv4: 'Skal være et gyldigt id (UUID)',
  uuidv6: 'Skal være et gyldigt id (UUID)',
  guid: 'Skal være et gyldigt id (GUID)',
  date: 'Skal være en dato (ÅÅÅÅ-MM-DD)',
  datetime: 'Skal være et tidspunkt (ÅÅÅÅ-MM-DDTtt:mm:ss)',
  time: 'Skal være et klokkeslæt (tt:mm)',
  duration: 'Skal være en varighed',
  ipv4: 'Skal være en IPv4-adresse',
  ipv6: 'Skal være en IPv6-adresse',
  jwt: 'Skal være et gyldigt token',
  lowercase: 'Skal skrives med små bogstaver',
  uppercase: 'Skal skrives med store bogstaver',
  json_string: 'Skal være gyldig JSON',
};

const STOERRELSER: Record<string, [ental: string, flertal: string]> = {
  array: ['element', 'elementer'],
  set: ['element', 'elementer'],
  map: ['element', 'elementer'],
  file: ['byte', 'bytes'],
};

/** '1 element', '2 elementer'. */
const antal = (n: number | bigint, [ental, flertal]: [string, string]) =>
  `${tal(n)} ${Number(n) === 1 ? ental : flertal}`;

/** The message of one issue; every code zod 4 raises has a Danish text. */
export function daFejlbesked(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Feltet er påkrævet';
      return TYPER[issue.expected] ?? 'Ugyldig værdi';
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Skal være ${vis(issue.values[0])}`
        : `Skal være en af værdierne ${liste(issue.values)}`;
    case 'too_big': {
      const max = issue.maximum;
      const enhed = STOERRELSER[issue.origin];
      if (issue.origin === 'string')
        return issue.exact ? `Skal være præcis ${tal(max)} tegn` : `Må højst være ${tal(max)} tegn`;
      if (enhed)
        return issue.exact ? `Skal have præcis ${antal(max, enhed)}` : `Må højst have ${antal(max, enhed)}`;
      if (issue.origin === 'date')
        return issue.inclusive ? `Må ikke ligge efter ${dato(max)}` : `Skal ligge før ${dato(max)}`;
      return issue.inclusive ? `Må højst være ${tal(max)}` : `Skal være mindre end ${tal(max)}`;
    }
    case 'too_small': {
      const min = issue.minimum;
      const enhed = STOERRELSER[issue.origin];
      if (issue.origin === 'string') {
        if (issue.exact) return `Skal være præcis ${tal(min)} tegn`;
        return Number(min) <= 1 ? 'Feltet skal udfyldes' : `Skal være mindst ${tal(min)} tegn`;
      }
      if (enhed) {
        if (issue.exact) return `Skal have præcis ${antal(min, enhed)}`;
        return Number(min) <= 1 ? 'Må ikke være tom' : `Skal have mindst ${antal(min, enhed)}`;
      }
      if (issue.origin === 'date')
        return issue.inclusive ? `Må ikke ligge før ${dato(min)}` : `Skal ligge efter ${dato(min)}`;
      return issue.inclusive ? `Skal være mindst ${tal(min)}` : `Skal være større end ${tal(min)}`;
    }
    case 'invalid_format': {
      if (issue.format === 'starts_with' && 'prefix' in issue) return `Skal begynde med ${vis(issue.prefix)}`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `Skal slutte med ${vis(issue.suffix)}`;
      if (issue.format === 'includes' && 'includes' in issue) return `Skal indeholde ${vis(issue.includes)}`;
      return FORMATER[issue.format] ?? 'Har ikke det rigtige format';
    }
    case 'not_multiple_of':
      return `Skal være et multiplum af ${tal(issue.divisor)}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Ukendt felt: ${liste(issue.keys)}`
        : `Ukendte felter: ${liste(issue.keys)}`;
    case 'invalid_key':
      return 'Ugyldigt feltnavn';
    case 'invalid_element':
      return 'Ugyldig værdi i listen';
    default:
      return 'Ugyldig værdi';
  }
}

z.config({ localeError: daFejlbesked });
