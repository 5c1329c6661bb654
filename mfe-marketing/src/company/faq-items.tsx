import { creditCost, formatNumber, PLAN_FEATURES, useActiveLanguage } from '@reelmint/shared';
import type { AccordionItem } from '../ui/accordion.tsx';
import { useMarketingText } from '../i18n.ts';

/** Every question of the FAQs page, in the order it shows them. */
export const FAQ_IDS = ['credits', 'plans', 'refunds', 'cancel', 'templates', 'languages', 'privacy', 'commercial'] as const;
export type FaqId = (typeof FAQ_IDS)[number];

/**
 * The FAQs as accordion items. Numbers in the answers come from the shared pricing and plan rules,
 * so the answers change when the rules do.
 */
export function useFaqItems(ids: readonly FaqId[] = FAQ_IDS): AccordionItem[] {
  const { t } = useMarketingText();
  const lng = useActiveLanguage();
  const number = { format: (value: number) => formatNumber(value, lng) };
  const values = {
    basic: number.format(creditCost({ model: 'v1.0', resolution: '512p', duration: '5s' })),
    top: number.format(creditCost({ model: 'v2.0', resolution: '1080p', duration: '10s' })),
    free: number.format(PLAN_FEATURES.free.creditsPerMonth),
    pro: number.format(PLAN_FEATURES.pro.creditsPerMonth),
    premium: number.format(PLAN_FEATURES.premium.creditsPerMonth),
  };
  return ids.map((id) => ({
    id,
    title: t(`faqs.items.${id}.q`),
    content: <p>{t(`faqs.items.${id}.a`, values)}</p>,
  }));
}
