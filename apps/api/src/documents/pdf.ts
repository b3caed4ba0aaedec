import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocumentModel, DocumentSection } from './model.ts';

/** PDF through pdfmake with its Roboto fonts embedded (all Polish letters in every style). */

type PdfMake = {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
};

let pdfmake: PdfMake | undefined;

function engine(): PdfMake {
  if (pdfmake) return pdfmake;
  const require = createRequire(import.meta.url);
  const instance = require('pdfmake') as PdfMake;
  const fonts = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  instance.setFonts({
    Roboto: {
      normal: path.join(fonts, 'Roboto-Regular.ttf'),
      bold: path.join(fonts, 'Roboto-Medium.ttf'),
      italics: path.join(fonts, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fonts, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Documents are built from our data only: no remote images, no files beyond the fonts.
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fonts));
  pdfmake = instance;
  return instance;
}

const sectionTable = (section: DocumentSection) => ({
  table: {
    widths: [150, '*'],
    body: section.rows.map(([label, value]) => [{ text: label, style: 'label' }, { text: value }]),
  },
  layout: 'lightHorizontalLines',
  margin: [0, 0, 0, 6],
});

/** A heading is marked so that it never ends a page without what it heads (see pageBreakBefore). */
const heading = (text: string) => ({ text, style: 'heading', headlineLevel: 1 });

const partyBox = (section: DocumentSection) => ({
  stack: [
    { text: section.heading, style: 'heading' },
    ...section.rows.map(([label, value]) => ({ text: [{ text: `${label}: `, style: 'label' }, value] })),
  ],
});

/** A pdfmake document definition rendered with the same fonts and access rules (the invoice draws its own). */
export function renderPdfDefinition(doc: object): Promise<Buffer> {
  return engine().createPdf(doc).getBuffer();
}

export async function renderPdf(model: DocumentModel): Promise<Buffer> {
  const doc = {
    info: { title: model.title },
    pageSize: 'A4',
    // Compact enough that an order with every field filled, its terms and the signatures fit one A4 page.
    pageMargins: [36, 30, 36, 36],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { color: '#555555', margin: [0, 0, 0, 8] },
      heading: { fontSize: 10.5, bold: true, margin: [0, 4, 0, 3] },
      label: { bold: true, color: '#333333' },
      terms: { fontSize: 8, color: '#333333' },
    },
    footer: (page: number, pages: number) => ({
      text: `${model.footer} · strona ${page} z ${pages}`,
      alignment: 'center',
      fontSize: 7.5,
      color: '#777777',
      margin: [0, 12, 0, 0],
    }),
    // A heading that would be the last thing on its page moves to the next one, with its content.
    pageBreakBefore: (node: { headlineLevel?: number }, followingOnPage: unknown[]) =>
      node.headlineLevel === 1 && followingOnPage.length === 0,
    content: [
      { text: model.title, style: 'title' },
      { text: model.subtitle, style: 'subtitle' },
      { columns: model.parties.map(partyBox), columnGap: 20, margin: [0, 0, 0, 6] },
      ...model.sections.flatMap((s) => [heading(s.heading), sectionTable(s)]),
      // A long note flows over pages as a paragraph; its heading stays with its first lines.
      ...(model.notes ? [heading('Uwagi'), { text: model.notes, margin: [0, 0, 0, 6] }] : []),
      ...(model.terms.length
        ? [heading('Warunki zlecenia'), ...model.terms.map((t) => ({ text: t, style: 'terms', margin: [0, 0, 0, 1] }))]
        : []),
      {
        // The signature lines and their captions are never split across pages.
        unbreakable: true,
        columns: model.signatures.map((who) => ({
          stack: [{ text: '\n\n………………………………………' }, { text: who, style: 'terms' }],
          alignment: 'center',
        })),
        margin: [0, 14, 0, 0],
      },
    ],
  };
  return engine().createPdf(doc).getBuffer();
}
