import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The pages say nothing a catalog does not hold (ADR 0055): no text between JSX tags and no
 * user-facing attribute (a label, a title, an aria-label …) written as a literal in a component,
 * the staff console's included. Names that are the same in every language are listed here.
 */
const SRC = join(import.meta.dirname, '../apps/web/src');
/** Attributes a user reads or hears. */
const SPOKEN = /^(label|title|description|placeholder|aria-label|alt|error|message)$/;
/** Other companies' names, which no language translates. */
const NAMES = new Set(['Facebook', 'Instagram', 'YouTube']);

/** Each literal a user would read, as `file:line text`. */
function literalsIn(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text)) text = node.text.trim();
    else if (
      ts.isJsxAttribute(node) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      SPOKEN.test(node.name.getText(tree)) &&
      /\p{L}{2,}/u.test(node.initializer.text)
    )
      text = node.initializer.text;
    if (text && !NAMES.has(text))
      found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1} ${text}`);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("the web's components", () => {
  it('find a literal where one is written', () => {
    expect(
      literalsIn(
        'x.tsx',
        'const a = <p title="Your bill">Pay now {amount}</p>; const b = <b>{t("x")} · </b>;',
      ),
    ).toEqual(['x.tsx:1 Your bill', 'x.tsx:1 Pay now']);
  });

  it('say every text through a catalog', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      // The tests' own helpers (src/test/) are not pages.
      (f) => f.endsWith('.tsx') && !f.includes('.test.') && !f.startsWith('test/'),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => literalsIn(f, readFileSync(join(SRC, f), 'utf8')))).toEqual([]);
  });
});
