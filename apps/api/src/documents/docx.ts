import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { DocumentModel, DocumentSection } from './model.ts';

/** The same document as a Word file, for dispatchers who edit it before sending. */

const rowsTable = (section: DocumentSection) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: section.rows.map(
      ([label, value]) =>
        new TableRow({
          children: [
            new TableCell({
              width: { size: 32, type: WidthType.PERCENTAGE },
              children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })],
            }),
            new TableCell({ width: { size: 68, type: WidthType.PERCENTAGE }, children: [new Paragraph(value)] }),
          ],
        }),
    ),
  });

const heading = (text: string) =>
  new Paragraph({ text, heading: HeadingLevel.HEADING_2, spacing: { before: 200, after: 80 } });

export async function renderDocx(model: DocumentModel): Promise<Buffer> {
  const children = [
    new Paragraph({ text: model.title, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children: [new TextRun({ text: model.subtitle, italics: true })], spacing: { after: 200 } }),
    ...model.parties.flatMap((p) => [heading(p.heading), rowsTable(p)]),
    ...model.sections.flatMap((s) => [heading(s.heading), rowsTable(s)]),
    ...(model.notes ? [heading('Uwagi'), new Paragraph(model.notes)] : []),
    ...(model.terms.length
      ? [
          heading('Warunki zlecenia'),
          ...model.terms.map((t) => new Paragraph({ children: [new TextRun({ text: t, size: 16 })] })),
        ]
      : []),
    new Paragraph({ text: '', spacing: { before: 600 } }),
    new Paragraph({
      alignment: AlignmentType.LEFT,
      children: [new TextRun(`……………………………… ${model.signatures[0]}          ……………………………… ${model.signatures[1]}`)],
    }),
    new Paragraph({
      children: [new TextRun({ text: model.footer, size: 14, color: '777777' })],
      spacing: { before: 400 },
    }),
  ];
  const doc = new Document({
    creator: 'Spedycja',
    title: model.title,
    styles: { default: { document: { run: { font: 'Calibri', size: 20 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
