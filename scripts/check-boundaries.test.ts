import { describe, expect, it } from 'vitest';
import { checkBoundaries, cyclesOf } from './check-boundaries.ts';

const M = 'apps/api/src/modules';
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
    ).toHaveLength(1);
  });

  it('refuses modules that import each other, however long the way round', () => {
    const found = check({
      [`${M}/a/a.ts`]: "import type { B } from '../b/index.ts';",
      [`${M}/b/b.ts`]: "import type { C } from '../c/index.ts';",
      [`${M}/c/c.ts`]: "import type { A } from '../a/index.ts';",
    });
    expect(found).toEqual([
      { rule: 'module-cycle', text: 'modules that import each other in a cycle: a, b, c' },
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
