import { describe, expect, it } from 'vitest';
import { buildManifest, compileDocument, hashText } from '../kernel';
import { RULES } from '../studio/signing/test-support';
import { ruleCanonical } from './rule-canonical';

describe('ruleCanonical (the Tree & hash panel)', () => {
  const compiled = compileDocument(RULES);

  it('gives exactly the manifest’s canonical object, hashes and the when bytes', () => {
    const view = ruleCanonical(compiled, 'SEC-001-refund-limit', undefined);
    const built = buildManifest(compiled, {
      sourceBytes: new TextEncoder().encode(RULES),
      file: 'r.erdl.yaml',
      signedAt: '2026-09-01T00:00:00Z',
      signer: { key_id: 'sha256:00', public_key: { kty: 'OKP', crv: 'Ed25519', x: 'AA' } },
    });
    if (!view || !built.ok) throw new Error('no view or manifest');
    const rule = built.manifest.rules[0];
    expect(view.hash).toBe(rule?.hash);
    expect(hashText(view.whenBytes)).toBe(view.hash);
    expect(view.canonicalHash).toBe(rule?.canonical_hash);
    expect(hashText(view.canonicalBytes)).toBe(view.canonicalHash);
    expect(JSON.parse(view.canonicalBytes)).toEqual(rule?.canonical);
  });

  it('glosses every node of the tree in both languages, the root as the whole condition', () => {
    const view = ruleCanonical(compiled, 'SEC-001-refund-limit', undefined);
    if (!view) throw new Error('no view');
    expect(view.when.node).toBe('and');
    expect(view.when.children).toHaveLength(2);
    expect(view.when.gloss?.en).toContain('5,000');
    expect(view.when.gloss?.zh).toContain('5,000');
    const amount = view.when.children[1];
    expect(amount?.node).toBe('gt');
    expect(amount?.gloss?.en).toContain('5,000');
    expect(amount?.gloss?.en).not.toContain('issue_refund');
    expect(JSON.parse(amount?.detail ?? '{}')).toEqual({ node: 'gt' });
    const field = amount?.children[0];
    expect(field?.children).toEqual([]);
    expect(JSON.parse(field?.detail ?? '{}')).toMatchObject({
      node: 'field',
      path: 'tool.args.amount',
    });
    expect(view.unless).toBeNull();
  });

  it('is null for a rule that is not there and for a document that does not load', () => {
    expect(ruleCanonical(compiled, 'NOPE', undefined)).toBeNull();
    expect(
      ruleCanonical(compileDocument('rules: ['), 'SEC-001-refund-limit', undefined),
    ).toBeNull();
  });
});
