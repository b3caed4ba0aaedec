/** A document as sections of labelled rows; the PDF and Word renderers draw the same model. */
export type DocumentSection = { heading: string; rows: [label: string, value: string][] };

export type DocumentModel = {
  title: string;
  subtitle: string;
  /** Left and right boxes under the title: who orders and who carries out. */
  parties: [DocumentSection, DocumentSection];
  sections: DocumentSection[];
  notes: string | null;
  terms: string[];
  signatures: [string, string];
  footer: string;
};
