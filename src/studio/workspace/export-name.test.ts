import { describe, expect, it } from 'vitest';
import { exportFileName } from './files';

const text = (name: string) =>
  `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "${name}"\n  decision: ALLOW\nrules: []\n`;

describe('exportFileName', () => {
  it('uses the document name, not the workspace’s unique variant of it', () => {
    expect(exportFileName({ name: 'aml-screening (2)', text: text('aml-screening') })).toBe(
      'aml-screening.erdl.yaml',
    );
    expect(exportFileName({ name: 'aml-screening', text: text('aml-screening') })).toBe(
      'aml-screening.erdl.yaml',
    );
  });

  it('keeps a name the user chose, and names without metadata', () => {
    expect(exportFileName({ name: 'my copy', text: text('aml-screening') })).toBe(
      'my copy.erdl.yaml',
    );
    expect(exportFileName({ name: 'notes (3)', text: 'rules: []\n' })).toBe('notes (3).erdl.yaml');
  });
});
