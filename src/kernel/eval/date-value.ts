/** A UTC instant produced by a time node (§7.3(f)); serialized with toISOString. */
export class DateValue {
  constructor(readonly ms: number) {}
  toJSON(): string {
    return new Date(this.ms).toISOString();
  }
}
