// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { receiptHtml } from './receipt-file.ts';

describe('a downloaded receipt', () => {
  const html = receiptHtml({
    lang: 'fr',
    title: 'Reçu',
    number: { label: 'Numéro du reçu', value: 'rcpt_0123456789abcdef' },
    facts: [
      { label: 'Date', value: '12 août 2027' },
      { label: 'Compte', value: '<b>ada</b>@example.com' },
    ],
    notes: ['Paiement de test'],
  });

  it('is a page of its own in the reader’s language, with the number whole and every fact', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('<tr><th scope="row">Numéro du reçu</th><td>rcpt_0123456789abcdef</td></tr>');
    expect(html).toContain('<td>12 août 2027</td>');
    expect(html).toContain('td { font-weight: 600; white-space: nowrap; }');
    expect(html).toContain('<p class="note">Paiement de test</p>');
    // Nothing to fetch: no script, no external sheet, no image.
    expect(html).not.toMatch(/<script|<link|<img|src=/);
  });

  it('writes what it is given as text, never as markup', () => {
    expect(html).toContain('&#60;b&#62;ada&#60;/b&#62;@example.com');
    expect(html).not.toContain('<b>');
  });
});
