import type { RouteDef, RouteName } from '@selfcare/domain';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A page behind lazy(): its own chunk, downloaded only when its route opens. */
export type Page = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

/** The pages a feature serves, by the name of their route in the domain route table. */
export type FeaturePages = Partial<Record<RouteName, Page>>;

/** One table of every page; a route served twice is a mistake that would hide one of the pages. */
export function mergePages(maps: readonly FeaturePages[]): Readonly<Record<string, Page>> {
  const all: Record<string, Page> = {};
  for (const map of maps)
    for (const [name, page] of Object.entries(map)) {
      if (name in all) throw new Error(`The route ${name} has two pages`);
      if (page) all[name] = page;
    }
  return all;
}
