// A rollup plugin that prints each output file's size, minified and gzipped.
import { gzipSync } from 'node:zlib';

export const gzipSize = (code) => gzipSync(code, { level: 9 }).length;
export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function sizeReport() {
  return {
    name: 'size-report',
    generateBundle(options, bundle) {
      for (const [name, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        const dir = options.dir ? `${options.dir}/` : 'dist/';
        console.log(`size: ${dir}${name}: ${kb(out.code.length)}, ${kb(gzipSize(out.code))} gzipped`);
      }
    },
  };
}
