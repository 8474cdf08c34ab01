/**
 * Which module owns which table, and where module code names a table: the half of the boundary check
 * (check-boundaries.ts) that reads schema files and SQL text rather than imports.
 */

/** A module's table definitions: `apps/api/src/modules/<m>/<m>.schema.ts` (and any other `*.schema.ts`). */
export const isSchemaFile = (file: string) => file.endsWith('.schema.ts');

const TABLE = /\bpgTable\(\s*['"`]([a-z_][a-z0-9_]*)['"`]/g;
const VIEW = /\bpg(?:View|MaterializedView)\(\s*['"`]([a-z_][a-z0-9_]*)['"`]/g;
const TABLE_VARIABLE = /\bexport\s+const\s+([\w$]+)\s*=\s*pgTable\(/g;
/**
 * Tables a factory makes, named in its first argument: `sessionTables({ sessions: '…', refreshTokens:
 * '…', ownerColumn: '…' })`, `passkeyTables({ passkeys: '…', challenges: '…', … })`, or the next one.
 * Every quoted value names a table but the owner column's.
 */
const FACTORY_TABLES = /\b\w+Tables\(\s*\{([^}]*)\}/g;
const FACTORY_TABLE_NAME = /\b(\w+)\s*:\s*['"]([a-z_][a-z0-9_]*)['"]/g;
const EXPORTED = /\bexport\s+(?:const|let|function|class|enum|type|interface)\s+([\w$]+)/g;
const EXPORTED_DESTRUCTURED = /\bexport\s+const\s*\{([^}]*)\}\s*=/g;

/** The views a schema file declares, by their names in the database: what other modules may read. */
export const viewsDeclaredIn = (source: string): string[] => [...source.matchAll(VIEW)].map((m) => m[1]!);

/** The variables a schema file exports its tables as (its views and types are not among them). */
export const tableVariablesOf = (source: string): string[] =>
  [...source.matchAll(TABLE_VARIABLE)].map((m) => m[1]!);

/** The tables a schema file declares, by their names in the database. */
export function tablesDeclaredIn(source: string): string[] {
  const names = [...source.matchAll(TABLE)].map((m) => m[1]!);
  for (const call of source.matchAll(FACTORY_TABLES))
    for (const m of call[1]!.matchAll(FACTORY_TABLE_NAME)) if (m[1] !== 'ownerColumn') names.push(m[2]!);
  return names;
}

/** The names a schema file exports (its tables' variables, enums, types). */
export function exportsOf(source: string): string[] {
  const names = [...source.matchAll(EXPORTED)].map((m) => m[1]!);
  for (const m of source.matchAll(EXPORTED_DESTRUCTURED))
    for (const part of m[1]!.split(',')) {
      const name = part.split(':').pop()?.trim();
      if (name) names.push(name);
    }
  return names;
}

/**
 * The text of every string and template literal in a TypeScript source, comments left out, each
 * template's `${…}` replaced by a space (an interpolated table object is an import, seen as one).
 * Enough of a lexer for this repository: strings, templates (nested), comments and regular expressions.
 */
export function literalsOf(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  const n = source.length;
  let last = ''; // the last significant character outside literals, to tell a regex from a division
  const quoted = (quote: string) => {
    let text = '';
    i++;
    while (i < n && source[i] !== quote) {
      if (source[i] === '\\') i++;
      text += source[i++] ?? '';
    }
    i++;
    return text;
  };
  const template = (): string => {
    let text = '';
    i++;
    while (i < n && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source[i + 1] ?? '';
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2;
        code('}');
        i++;
        text += ' ';
      } else text += source[i++];
    }
    i++;
    return text;
  };
  const code = (end?: string) => {
    let depth = 0;
    while (i < n) {
      const c = source[i]!;
      if (end && c === end && depth === 0) return;
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (c === '/' && source[i + 1] === '/') {
        while (i < n && source[i] !== '\n') i++;
      } else if (c === '/' && source[i + 1] === '*') {
        const close = source.indexOf('*/', i + 2);
        i = close < 0 ? n : close + 2;
      } else if (c === "'" || c === '"') {
        found.push(quoted(c));
        last = 'a';
      } else if (c === '`') {
        found.push(template());
        last = 'a';
      } else if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last))) {
        // a regular expression: skip it, its classes included
        i++;
        let inClass = false;
        while (i < n && (inClass || source[i] !== '/') && source[i] !== '\n') {
          if (source[i] === '\\') i++;
          else if (source[i] === '[') inClass = true;
          else if (source[i] === ']') inClass = false;
          i++;
        }
        i++;
        last = 'a';
      } else {
        if (!/\s/.test(c)) last = /[\w$)\]]/.test(c) ? 'a' : c;
        // `return /re/` and the like: a keyword before a slash starts a regex
        if (/[a-z]/.test(c)) {
          const word = /^[a-z]+/.exec(source.slice(i, i + 12))?.[0] ?? '';
          if (['return', 'typeof', 'case', 'in', 'of', 'yield', 'await'].includes(word)) {
            const before = source[i - 1] ?? ' ';
            if (!/[\w$.]/.test(before)) {
              i += word.length;
              last = '(';
              continue;
            }
          }
        }
        i++;
      }
    }
  };
  code();
  return found;
}

/**
 * Where SQL names a table: after FROM, JOIN, UPDATE, INTO (INSERT, MERGE), TRUNCATE, REFERENCES or
 * TABLE, optionally quoted, not schema-qualified (pg-boss's `pgboss.job` is no module's table).
 * The project writes SQL's words in capitals; a text that opens as a statement does (`select …`) is
 * read whatever its case, and other text only where the word is in capitals, so that a message
 * ('Moved from users') is not taken for SQL.
 */
const NAMED_TABLE =
  /\b(from|join|update|into|truncate|references|table)\s+(?:only\s+|if\s+(?:not\s+)?exists\s+)?"?([a-z_][a-z0-9_]*)"?(?![\w.])/gi;
const STATEMENT = /^\s*\(?\s*(?:select|insert|update|delete|with|truncate|merge|create|alter|drop)\b/i;

/** The table names one piece of SQL text uses (its `--` comments left out), each once. */
export function tablesNamedIn(text: string): string[] {
  const sql = text.replace(/--[^\n]*/g, '');
  const anyCase = STATEMENT.test(sql);
  const named = [...sql.matchAll(NAMED_TABLE)].filter((m) => anyCase || m[1] === m[1]!.toUpperCase());
  return [...new Set(named.map((m) => m[2]!.toLowerCase()))];
}
