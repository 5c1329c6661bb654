import type { CreditHistoryItem, CreditPurpose } from '@reelmint/contract/billing-api';
import type { CoreContext } from '../context.ts';
import { toCount } from '../db/database.ts';
import { CLIENT_SPEND_SOURCE } from './sources.ts';

function purposeOf(source: string, metadata: Record<string, unknown>): CreditPurpose {
  switch (source) {
    case 'signup':
      return 'signup';
    case 'subscription':
      // A provider's renewal invoice, or the local provider's scheduled change starting its period.
      return metadata.invoiceId || metadata.periodStart ? 'renewal' : 'plan';
    case 'pack':
      return 'pack';
    case 'generation':
      return 'generation';
    case 'generation-refund':
      return 'generation-refund';
    case 'edit':
      return 'edit';
    case 'edit-refund':
      return 'edit-refund';
    case CLIENT_SPEND_SOURCE:
      return 'spend';
    case 'refund':
      return 'refund';
    case 'plan-change':
      return 'plan-change';
    default:
      return 'other';
  }
}

function parseMetadata(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    // Metadata written by an older version in another shape: the row still shows, without details.
    return {};
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One person's ledger, newest first, a page at a time. */
export async function creditHistory(ctx: CoreContext, userId: string, page: number, perPage: number): Promise<{ items: CreditHistoryItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    ctx.db
      .selectFrom('credit_ledger as entry')
      // A refund says what it returned through the spend it refunds.
      .leftJoin('credit_ledger as spent', 'spent.id', 'entry.refund_of')
      .select([
        'entry.id',
        'entry.kind',
        'entry.amount',
        'entry.balance_after',
        'entry.source',
        'entry.metadata',
        'entry.created_at',
        'spent.metadata as spent_metadata',
      ])
      .where('entry.user_id', '=', userId)
      .orderBy('entry.created_at', 'desc')
      // Entries of one instant (a plan change's grant and what it takes back) in the order they were written.
      .orderBy('entry.seq', 'desc')
      .orderBy('entry.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    ctx.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const items = rows.map((row): CreditHistoryItem => {
    const own = parseMetadata(row.metadata);
    const details = { ...parseMetadata(row.spent_metadata), ...own };
    return {
      id: row.id,
      kind: row.kind,
      amount: Number(row.amount),
      balanceAfter: Number(row.balance_after),
      purpose: purposeOf(row.source, own),
      plan: text(details.plan),
      billingCycle: text(details.billingCycle),
      videoId: text(details.videoId),
      model: text(details.model),
      resolution: text(details.resolution),
      duration: text(details.duration),
      createdAt: row.created_at,
    };
  });
  return { items, total: toCount(count?.n) };
}
