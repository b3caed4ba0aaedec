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

/** The raster images of a PDF's pages as RGBA pixels (pdf.js decodes them as a reader would draw them). */
export async function pdfImages(buffer: Buffer): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }[]> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const images: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const ops = await page.getOperatorList();
    for (let k = 0; k < ops.fnArray.length; k++) {
      if (ops.fnArray[k] !== OPS.paintImageXObject) continue;
      const name = ops.argsArray[k]?.[0] as string;
      const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>(
        (resolve) => page.objs.get(name, resolve),
      );
      const pixels = image.width * image.height;
      const rgba = new Uint8ClampedArray(pixels * 4);
      // kind 2: RGB, 3: RGBA, 1: 1 bit grayscale.
      const channels = image.data.length / pixels;
      for (let p = 0; p < pixels; p++) {
        if (channels >= 3) {
          rgba[p * 4] = image.data[p * channels] as number;
          rgba[p * 4 + 1] = image.data[p * channels + 1] as number;
          rgba[p * 4 + 2] = image.data[p * channels + 2] as number;
        } else {
          const v = image.data[p] as number;
          rgba[p * 4] = v;
          rgba[p * 4 + 1] = v;
          rgba[p * 4 + 2] = v;
        }
        rgba[p * 4 + 3] = 255;
      }
      images.push({ width: image.width, height: image.height, rgba });
    }
  }
  await pdf.destroy();
  return images;
}
