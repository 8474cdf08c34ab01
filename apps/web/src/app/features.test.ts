import { ROUTES } from '@selfcare/domain';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { mergePages } from '../lib/pages.ts';
import * as features from './features.ts';

const page = lazy(async () => ({ default: () => null }));

describe('the pages of the features', () => {
  it('serve routes of the domain route table, each route from one feature only', () => {
    const pages = mergePages(Object.values(features));
    const names = new Set<string>(ROUTES.map((r) => r.name));
    expect(Object.keys(pages).filter((name) => !names.has(name))).toEqual([]);
    expect(Object.keys(pages)).toContain('login');
  });

  it('refuse a route that two features serve', () => {
    expect(() => mergePages([{ orders: page }, { orders: page }])).toThrow('The route orders has two pages');
  });
});
