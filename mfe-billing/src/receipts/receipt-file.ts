/** What a downloaded receipt says, already in the reader's language. */
export interface ReceiptText {
  /** The page's language, for the document's `lang`. */
  lang: string;
  title: string;
  number: { label: string; value: string };
  /** Label and value pairs: date, what was bought, amount, credits added and any a move up took back, the account. */
  facts: readonly { label: string; value: string }[];
  /** Notes below the facts: a prorated price, a test payment. */
  notes: readonly string[];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * One receipt as a self-contained HTML page, styled for screen and print, with nothing to load: a person keeps it,
 * prints it or saves it as PDF from the browser's print dialog.
 */
export function receiptHtml({ lang, title, number, facts, notes }: ReceiptText): string {
  const rows = [number, ...facts].map(({ label, value }) => `<tr><th scope="row">${escape(label)}</th><td>${escape(value)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} ${escape(number.value)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #14141f; max-width: 40rem; margin: 3rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
.site { color: #5b5b6b; margin: 0 0 2rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.6rem 0; border-bottom: 1px solid #e3e3ea; vertical-align: top; }
th { color: #5b5b6b; font-weight: 500; width: 40%; }
td { font-weight: 600; white-space: nowrap; }
p.note { color: #5b5b6b; font-size: 0.9rem; }
@media print { body { margin: 0; } }
</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p class="site">Reelmint</p>
<table>${rows}</table>
${notes.map((note) => `<p class="note">${escape(note)}</p>`).join('\n')}
</body>
</html>
`;
}

/** Hands the receipt to the browser as a file download. */
export function downloadReceipt(text: ReceiptText): void {
  const url = URL.createObjectURL(new Blob([receiptHtml(text)], { type: 'text/html;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `reelmint-receipt-${text.number.value}.html`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled; the address is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
