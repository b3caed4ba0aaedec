// heic-convert ships no types: the one call the preview makes.
declare module 'heic-convert' {
  function convert(options: {
    buffer: Buffer | Uint8Array;
    format: 'JPEG' | 'PNG';
    quality?: number;
  }): Promise<ArrayBuffer>;
  export default convert;
}
