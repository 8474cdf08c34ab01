import { type SettingDeclarations, settingsTable } from './settings.ts';

const HEADING = '## Configuration';
const HEADER = '| Variable | Default | Meaning |\n|---|---|---|\n';

/** Where the API's table of settings sits in the README: the first table under its Configuration. */
function tableIn(readme: string): { start: number; end: number } {
  const section = readme.indexOf(HEADING);
  const header = section < 0 ? -1 : readme.indexOf(HEADER, section);
  if (header < 0) throw new Error(`The README has no table of settings under "${HEADING}"`);
  const start = header + HEADER.length;
  const blank = readme.indexOf('\n\n', start);
  return { start, end: blank < 0 ? readme.length : blank + 1 };
}

/** The rows of the README's table of settings, as written. */
export function settingsRowsIn(readme: string): string[] {
  const { start, end } = tableIn(readme);
  return readme.slice(start, end).split('\n').filter(Boolean);
}

/** The README with its table of settings written from the declarations. */
export function withSettingsTable(readme: string, declarations: SettingDeclarations): string {
  const { start, end } = tableIn(readme);
  return `${readme.slice(0, start)}${settingsTable(declarations).join('\n')}\n${readme.slice(end)}`;
}
