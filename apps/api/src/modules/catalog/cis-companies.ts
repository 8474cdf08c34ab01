import type { CisCompany } from '@selfcare/domain/order';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cisCompanies } from './catalog.schema.ts';

/**
 * The corporate scheme's companies, which the catalog keeps beside the plans they may order: what
 * CIS eligibility reads of them, inside its own transaction.
 */
export const cisCompanyRecords = {
  /** The active scheme company owning an email domain (lower case), if any. */
  async byDomain(db: Db, domain: string): Promise<CisCompany | undefined> {
    const [row] = await db
      .select({ code: cisCompanies.code, name: cisCompanies.name })
      .from(cisCompanies)
      .where(and(eq(cisCompanies.active, true), sql`${domain} = ANY(${cisCompanies.emailDomains})`));
    return row;
  },

  /** The active scheme company registered under an employer name (upper case), if any: its code. */
  async byEmployer(db: Db, name: string): Promise<{ code: string } | undefined> {
    const [row] = await db
      .select({ code: cisCompanies.code })
      .from(cisCompanies)
      .where(and(eq(cisCompanies.active, true), sql`${name} = ANY(${cisCompanies.employerNames})`));
    return row;
  },

  async byCode(db: Db, code: string): Promise<CisCompany | undefined> {
    const [company] = await db
      .select({ code: cisCompanies.code, name: cisCompanies.name })
      .from(cisCompanies)
      .where(eq(cisCompanies.code, code));
    return company;
  },
};
