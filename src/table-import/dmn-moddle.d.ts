/** The part of dmn-moddle (bpmn-io, MIT; ships no types) that the DMN import uses. */
declare module 'dmn-moddle' {
  export class DmnModdle {
    fromXML(
      xml: string,
      type?: string,
    ): Promise<{ rootElement: unknown; warnings: { message: string }[] }>;
  }
}
