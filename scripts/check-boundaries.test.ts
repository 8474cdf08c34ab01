import { describe, expect, it } from 'vitest';
import {
  againstBaseline,
  checkBoundaries,
  cyclesOf,
  entryOf,
  readBaseline,
  repositoryFiles,
} from './check-boundaries.ts';
import { literalsOf, tablesNamedIn } from './table-owners.ts';

const M = 'apps/api/src/modules';
/** A dollar sign, to write a template's placeholder into a fixture's source. */
const $ = '$';
const F = 'apps/web/src/features';
const check = (files: Record<string, string>) => checkBoundaries(new Map(Object.entries(files)));

describe('API module boundaries', () => {
  it('lets a module use another through its index only', () => {
    expect(
      check({
        [`${M}/bills/bills.service.ts`]: "import type { AuthService } from '../auth/index.ts';",
        [`${M}/bills/bills.routes.ts`]: "import { authenticated } from '../../plugins/auth.ts';",
      }),
    ).toEqual([]);
    expect(
      check({
        [`${M}/bills/bills.service.ts`]: "import { authRepository } from '../auth/auth.repository.ts';",
      }),
    ).toEqual([
      {
        rule: 'module-internals',
        text: `${M}/bills/bills.service.ts imports ${M}/auth/auth.repository.ts`,
      },
    ]);
  });

  it('sees type imports, re-exports and dynamic imports, and code outside the modules', () => {
    const found = check({
      [`${M}/bills/a.ts`]: "import type { X } from '../auth/auth.service.ts';",
      [`${M}/bills/b.ts`]: "export { y } from '../orders/order.jobs.ts';",
      [`${M}/bills/c.ts`]: "const z = await import('../lines/lines.service.ts');",
      'apps/api/src/plugins/x.ts': "import { q } from '../modules/auth/auth.repository.ts';",
    });
    expect(found.map((b) => b.rule)).toEqual(Array(4).fill('module-internals'));
  });

  it('lets table definitions reference another module’s tables', () => {
    expect(
      check({ [`${M}/bills/bills.schema.ts`]: "import { users } from '../auth/auth.schema.ts';" }),
    ).toEqual([]);
    expect(
      check({ [`${M}/bills/bills.service.ts`]: "import { users } from '../auth/auth.schema.ts';" }),
    ).toEqual([
      {
        rule: 'module-tables',
        text: `${M}/bills/bills.service.ts imports auth's tables from ${M}/auth/auth.schema.ts`,
      },
    ]);
  });

  it('refuses modules that import each other, however long the way round', () => {
    const found = check({
      [`${M}/a/a.ts`]: "import type { B } from '../b/index.ts';",
      [`${M}/b/b.ts`]: "import type { C } from '../c/index.ts';",
      [`${M}/c/c.ts`]: "import type { A } from '../a/index.ts';",
    });
    expect(found).toEqual([
      { rule: 'module-cycle', text: 'modules that depend on each other in a cycle: a, b, c' },
    ]);
  });

  it('leaves tests and the demo data loader out', () => {
    expect(
      check({
        [`${M}/bills/bills.api.test.ts`]: "import { x } from '../auth/auth.repository.ts';",
        'apps/api/src/db/seed.ts': "import { y } from '../modules/orders/order.repository.ts';",
      }),
    ).toEqual([]);
  });
});

describe('a module owns its tables', () => {
  const schemas = {
    [`${M}/auth/auth.schema.ts`]:
      "export const users = pgTable(\n  'users', {});\nexport const { sessions, refreshTokens } = sessionTables(\n  { sessions: 'sessions', refreshTokens: 'refresh_tokens', ownerColumn: 'user_id' }, () => users.id);\nexport const { passkeys, challenges: passkeyChallenges } = passkeyTables(\n  { passkeys: 'passkeys', challenges: 'passkey_challenges', ownerColumn: 'user_id' }, () => users.id);\nexport const customerContacts = pgView('customer_contacts', {}).existing();",
    [`${M}/bills/bills.schema.ts`]:
      "import { users } from '../auth/auth.schema.ts';\nexport const bills = pgTable('bills', { userId: uuid('user_id').references(() => users.id) });\nexport const billTotals = pgView('bill_totals', {}).existing();",
    [`${M}/auth/index.ts`]:
      "export async function namesOf(db: Db, ids: string[]) { return db.query('SELECT first_name FROM users WHERE id = ANY($1)', [ids]); }",
    [`${M}/bills/bills.repository.ts`]:
      "import { bills } from './bills.schema.ts';\nimport { namesOf } from '../auth/index.ts';\nconst q = sql`SELECT * FROM bill_totals t JOIN bills b ON b.id = t.bill_id JOIN customer_contacts c ON c.id = b.user_id`;\n// reads from users through auth: in a comment, not SQL\nconst m = 'Moved from users';",
    'apps/api/src/db/schema.ts':
      "export * from '../modules/auth/auth.schema.ts';\nexport * from '../modules/bills/bills.schema.ts';",
  };

  it('passes a module that reads its own tables and views, and another’s data through its index', () => {
    expect(check(schemas)).toEqual([]);
  });

  it('refuses an index that hands out its tables, but not one that hands out a view', () => {
    const found = check({
      ...schemas,
      [`${M}/auth/index.ts`]:
        "export { customerContacts } from './auth.schema.ts';\nexport { users } from './auth.schema.ts';\nexport * from './auth.schema.ts';",
    });
    expect(found.map((b) => b.text)).toEqual([
      `${M}/auth/index.ts exports its table users from ${M}/auth/auth.schema.ts`,
      `${M}/auth/index.ts exports its table * from ${M}/auth/auth.schema.ts`,
    ]);
  });

  it('refuses the barrel of every table, even for the module’s own, and outside the modules', () => {
    const found = check({
      ...schemas,
      [`${M}/bills/bills.service.ts`]: "import { bills } from '../../db/schema.ts';",
      'apps/api/src/plugins/auth.ts': "import type { users } from '../db/schema.ts';",
    });
    expect(found).toEqual([
      {
        rule: 'module-tables',
        text: `${M}/bills/bills.service.ts imports every module's tables from apps/api/src/db/schema.ts`,
      },
      {
        rule: 'module-tables',
        text: "apps/api/src/plugins/auth.ts imports every module's tables from apps/api/src/db/schema.ts",
      },
    ]);
  });

  it('refuses another module’s table named in SQL, wherever the SQL is written', () => {
    const found = check({
      ...schemas,
      [`${M}/bills/a.repository.ts`]:
        'db.query(`SELECT b.id FROM bills b\n  LEFT JOIN users u ON u.id = b.user_id`);',
      [`${M}/bills/b.ts`]: `await tx.execute(sql\`DELETE FROM ${$}{x} WHERE id IN (SELECT id FROM "sessions")\`);`,
      [`${M}/bills/c.ts`]: "const Q = 'UPDATE refresh_tokens SET used_at = now()';",
      [`${M}/bills/d.ts`]: "const Q = 'DELETE FROM passkey_challenges';",
    });
    expect(found).toEqual([
      { rule: 'module-sql', text: `${M}/bills/a.repository.ts names auth's table users in SQL` },
      { rule: 'module-sql', text: `${M}/bills/b.ts names auth's table sessions in SQL` },
      { rule: 'module-sql', text: `${M}/bills/c.ts names auth's table refresh_tokens in SQL` },
      { rule: 'module-sql', text: `${M}/bills/d.ts names auth's table passkey_challenges in SQL` },
    ]);
  });

  it('counts a table read as a dependency: a read against the use of a module is a cycle', () => {
    const found = check({
      ...schemas,
      [`${M}/auth/auth.service.ts`]: "import type { BillsService } from '../bills/index.ts';",
      [`${M}/bills/a.ts`]: "db.query('SELECT 1 FROM users');",
    });
    expect(found.map((b) => b.rule)).toEqual(['module-sql', 'module-cycle']);
    expect(found[1]!.text).toBe('modules that depend on each other in a cycle: auth, bills');
  });

  it('counts a read of another module’s view as a dependency too', () => {
    const found = check({
      ...schemas,
      [`${M}/auth/auth.service.ts`]: "db.query('SELECT 1 FROM bill_totals');",
    });
    expect(found).toEqual([
      { rule: 'module-cycle', text: 'modules that depend on each other in a cycle: auth, bills' },
    ]);
  });

  it('reads SQL from strings and templates only, past comments and regular expressions', () => {
    expect(
      literalsOf(
        `const r = /['\`]/g; // it's\nconst s = \`a ${$}{f(\`b\`)} c\`; /* 'x' */ return /\\//.test('d');`,
      ),
    ).toEqual(['b', 'a   c', 'd']);
    expect(
      tablesNamedIn(
        'SELECT * FROM pgboss.job JOIN "orders" o ON true -- from bills\n WHERE x IN (SELECT 1 FROM users)',
      ),
    ).toEqual(['orders', 'users']);
  });
});

describe('the baseline of known breaches', () => {
  const breach = { rule: 'module-sql', text: 'x names auth’s table users in SQL' } as const;

  it('refuses a breach it does not list, and an entry that no longer occurs', () => {
    expect(againstBaseline([breach], [entryOf(breach)])).toEqual({ unexpected: [], gone: [] });
    expect(againstBaseline([breach], [])).toEqual({ unexpected: [breach], gone: [] });
    expect(againstBaseline([], [entryOf(breach)])).toEqual({ unexpected: [], gone: [entryOf(breach)] });
  });

  it('matches the repository exactly, and a breach of each kind planted in it is refused', () => {
    const files = repositoryFiles();
    const baseline = readBaseline();
    expect(againstBaseline(checkBoundaries(files), baseline)).toEqual({ unexpected: [], gone: [] });
    const planted = new Map(files);
    planted.set(`${M}/catalog/planted.ts`, "import { users } from '../auth/auth.schema.ts';");
    planted.set(`${M}/documents/planted.ts`, "import { plans } from '../../db/schema.ts';");
    planted.set(`${M}/system/planted.ts`, "db.query('SELECT id FROM bills')");
    expect(againstBaseline(checkBoundaries(planted), baseline).unexpected.map((b) => b.text)).toEqual([
      `${M}/catalog/planted.ts imports auth's tables from ${M}/auth/auth.schema.ts`,
      `${M}/documents/planted.ts imports every module's tables from apps/api/src/db/schema.ts`,
      `${M}/system/planted.ts names billing's table bills in SQL`,
    ]);
  });
});

describe('web feature boundaries', () => {
  it('refuses a feature importing another, and the staff console importing any', () => {
    const found = check({
      [`${F}/bills/pages/bills-page.tsx`]: "import { Usage } from '../../usage/components/usage.tsx';",
      [`${F}/bills/pages/bill-page.tsx`]:
        "import { FormError } from '../../../components/ui/form-error.tsx';",
      'apps/web/src/staff/pages/queue-page.tsx': "import { x } from '../../features/orders/api/orders.ts';",
      'apps/web/src/app/router.tsx': "import { BillsPage } from '../features/bills/pages/bills-page.tsx';",
    });
    expect(found.map((b) => b.text)).toEqual([
      `${F}/bills/pages/bills-page.tsx imports ${F}/usage/components/usage.tsx`,
      `apps/web/src/staff/pages/queue-page.tsx imports ${F}/orders/api/orders.ts`,
    ]);
  });
});

describe('cyclesOf', () => {
  it('finds each group of modules that reach each other, and none in a layered graph', () => {
    const graph = (edges: [string, string][]) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of edges) g.set(a, (g.get(a) ?? new Set()).add(b));
      return g;
    };
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'a'],
          ['c', 'd'],
          ['d', 'c'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([
      ['c', 'd'],
      ['a', 'b'],
    ]);
  });
});
