// The playground's samples are text files bundled into its script (esbuild's text loader).
declare module '*.txt' {
  const text: string;
  export default text;
}
