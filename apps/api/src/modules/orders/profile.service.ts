import type { ProfileView } from '@selfcare/domain/contracts/profile';
import type { ProfileEditInput } from '@selfcare/domain/schemas/profile';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import { customerProfiles, paymentMethods } from './orders.schema.ts';

const NO_CONSENT = { email: false, sms: false, push: false };
type Marketing = ProfileView['marketing'];

/** '•••••567A': an ID number as the profile shows it. */
const masked = (id: string) => `${'•'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

/**
 * The customer's own profile on /profile/myProfile (ADR 0026): who they are as their order gave it
 * (names, date of birth, ID and pass are the identity staff or MyInfo verified, and are locked), what
 * they may change (salutation, contact number, employer unless MyInfo verified it, and marketing
 * consent per channel for the operator and for third parties), and the saved card.
 */
export class ProfileService {
  constructor(private readonly deps: { database: Database; clock: Clock }) {}

  async view(userId: string): Promise<ProfileView> {
    const db = this.deps.database.db;
    const [user, [p], [card]] = await Promise.all([
      accountRecords.contactOf(db, userId),
      db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId)),
      db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(paymentMethods.createdAt)
        .then((rows) => rows.slice(-1)),
    ]);
    const marketing = (p?.marketing as Marketing | undefined) ?? {
      provider: NO_CONSENT,
      thirdParty: NO_CONSENT,
    };
    return {
      email: user?.email ?? '',
      salutation: p?.salutation ?? null,
      givenName: p?.givenName ?? user?.firstName ?? '',
      familyName: p?.familyName ?? user?.lastName ?? '',
      fullName: p?.fullName ?? `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
      dateOfBirth: p?.dateOfBirth ?? null,
      contactNumber: p?.contactNumber ?? null,
      idType: p?.idType ?? null,
      idNumberMasked: p ? masked(p.idNumber) : null,
      idIssueDate: p?.idIssueDate ?? null,
      idExpiryDate: p?.idExpiryDate ?? null,
      passType: p?.passType ?? null,
      passStatus: p?.passStatus ?? null,
      passExpiry: p?.passExpiry ?? null,
      employer: p?.employer ?? null,
      marketing,
      verified: p?.myinfoVerified ?? [],
      fromOrder: Boolean(p),
      card: card
        ? {
            holderName: card.holderName,
            brand: card.brand,
            funding: card.funding,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
          }
        : null,
    };
  }

  /**
   * Saves what the customer may change. Null when there is no profile yet (before the first order,
   * whose Account Information step makes it). The employer MyInfo verified stays as it was.
   */
  /**
   * A line's number changed (ADR 0028): a contact number that was the old one becomes the new one,
   * in the change's transaction; one the customer set to another number stays theirs.
   */
  async followNumber(tx: Tx, move: { userId: string; from: string; to: string; at: Date }) {
    await tx.db
      .update(customerProfiles)
      .set({ contactNumber: move.to, updatedAt: move.at })
      .where(and(eq(customerProfiles.userId, move.userId), eq(customerProfiles.contactNumber, move.from)));
  }

  async update(userId: string, input: ProfileEditInput): Promise<ProfileView | null> {
    const db = this.deps.database.db;
    const [current] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId));
    if (!current) return null;
    const employerLocked = current.myinfoVerified.includes('employer');
    await db
      .update(customerProfiles)
      .set({
        salutation: input.salutation,
        contactNumber: input.contactNumber,
        employer: employerLocked ? current.employer : (input.employer ?? null),
        marketing: input.marketing,
        updatedAt: this.deps.clock.now(),
      })
      .where(eq(customerProfiles.userId, userId));
    return this.view(userId);
  }

  /**
   * Everything the operator holds about the customer that they gave or that their use made, as one
   * JSON document (PDPA access): the login, the profile with consents, lines, orders, products,
   * bills with their charges and payments, and usage by day. Card numbers are never held, only the
   * gateway's token, which is left out.
   */
  async export(userId: string): Promise<Record<string, unknown>> {
    const pool = this.deps.database.pool;
    const q = async (sql: string) => (await pool.query(sql, [userId])).rows;
    const [account, profile, cards, lines, orders, products, bills, charges, payments, usage] =
      await Promise.all([
        q(
          `SELECT email, phone_number, first_name, last_name, status, email_verified_at, created_at FROM users WHERE id = $1`,
        ),
        q(`SELECT salutation, given_name, family_name, full_name, date_of_birth, contact_number, id_type, id_number,
                id_issue_date, id_expiry_date, pass_type, pass_status, pass_expiry, employer, marketing,
                myinfo_verified, created_at, updated_at FROM customer_profiles WHERE user_id = $1`),
        q(
          `SELECT holder_name, brand, funding, last4, exp_month, exp_year, created_at FROM payment_methods WHERE user_id = $1`,
        ),
        q(`SELECT msisdn, plan_code, type_sim, state, is_main_line, requested_at, activated_at FROM subscriptions
          WHERE user_id = $1 ORDER BY created_at`),
        q(`SELECT order_number, status, type_sim, delivery_method, total_cents, created_at, paid_at FROM orders
          WHERE user_id = $1 ORDER BY created_at`),
        // A product whose end has come reads as ended, as the products pages show it.
        pool
          .query(
            `SELECT p.product_code, s.msisdn,
                    CASE WHEN p.state IN ('active', 'ending') AND p.ends_at <= $2 THEN 'ended' ELSE p.state END AS state,
                    p.price_cents, p.starts_at, p.ends_at FROM line_products p
              JOIN subscriptions s ON s.id = p.line_id WHERE p.user_id = $1 ORDER BY p.created_at`,
            [userId, this.deps.clock.now()],
          )
          .then((r) => r.rows),
        q(`SELECT number, month, issued_on, due_on, total_cents, gst_cents, paid_cents, state FROM bills
          WHERE user_id = $1 ORDER BY month`),
        q(
          `SELECT kind, period, amount_cents, reason, created_at, waived_at FROM charges WHERE user_id = $1 ORDER BY created_at`,
        ),
        q(
          `SELECT method, amount_cents, state, created_at, settled_at FROM bill_payments WHERE user_id = $1 ORDER BY created_at`,
        ),
        q(`SELECT s.msisdn, d.day, d.kind, d.direction, d.scope, d.country, d.events, d.volume, d.charge_cents
           FROM usage_daily d JOIN subscriptions s ON s.id = d.line_id WHERE s.user_id = $1 ORDER BY d.day, s.msisdn`),
      ]);
    return {
      exportedAt: this.deps.clock.now().toISOString(),
      account: account[0] ?? null,
      profile: profile[0] ?? null,
      cards,
      lines,
      orders,
      products,
      bills,
      charges,
      payments,
      usageByDay: usage,
    };
  }
}
