import type { CoreContext } from '../context.ts';
import { toCount } from '../db/database.ts';
import type { LedgerKind } from '../db/schema.ts';
import { CLIENT_SPEND_SOURCE } from './sources.ts';

/**
 * What a ledger row was for, in words a screen can translate: the row's source, read together
 * with its metadata (or, for a refund, the metadata of the spend it returns).
 */
export type CreditPurpose = 'signup' | 'plan' | 'renewal' | 'pack' | 'generation' | 'generation-refund' | 'edit' | 'edit-refund' | 'spend' | 'refund' | 'other';

export interface CreditHistoryItem {
  id: string;
  kind: LedgerKind;
  /** Signed: grants and refunds positive, spends negative. */
  amount: number;
  balanceAfter: number;
  purpose: CreditPurpose;
  plan: string | null;
  billingCycle: string | null;
  videoId: string | null;
  model: string | null;
  resolution: string | null;
  duration: string | null;
  createdAt: string;
}

const nullableString = { type: ['string', 'null'] };

export const creditHistoryItemSchema = {
  type: 'object',
  required: ['id', 'kind', 'amount', 'balanceAfter', 'purpose', 'plan', 'billingCycle', 'videoId', 'model', 'resolution', 'duration', 'createdAt'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['grant', 'spend', 'refund', 'forfeit'] },
    amount: { type: 'integer' },
    balanceAfter: { type: 'integer' },
    purpose: {
      type: 'string',
      enum: ['signup', 'plan', 'renewal', 'pack', 'generation', 'generation-refund', 'edit', 'edit-refund', 'spend', 'refund', 'other'],
    },
    plan: nullableString,
    billingCycle: nullableString,
    videoId: nullableString,
    model: nullableString,
    resolution: nullableString,
    duration: nullableString,
    createdAt: { type: 'string' },
  },
};

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
