import { unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF as its reader sees it, whitespace collapsed. */
export async function pdfPages(buffer: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return pages;
}

/** The text of a PDF as its reader sees it, page by page, joined with spaces. */
export async function pdfText(buffer: Buffer): Promise<string> {
  return (await pdfPages(buffer)).join(' ').replace(/\s+/g, ' ');
}

/** The text of a .docx: the runs of word/document.xml, paragraphs separated by spaces. */
export function docxText(buffer: Buffer): string {
  const files = unzipSync(new Uint8Array(buffer));
  const xml = new TextDecoder().decode(files['word/document.xml']);
  return xml
    .replace(/<\/w:p>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/\s+/g, ' ');
}
