import { Fragment, type ReactNode, useId } from 'react';
import {
  SIGNER_ROLES,
  type SignatureVerdict,
  verdictChangeLines,
  verdictHeadline,
  verdictReason,
} from '../../signing';
import { format, useT } from '../i18n/i18n';
import { formatTime } from '../i18n/time';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import type { StudioDocument } from '../store/types';
import { SIGNED_VERSION } from './compare';
import { requireRole, useRequiredRoles } from './required-roles';
import { useSignatureVerdict } from './signature-verdict';
import { signing, useSigning } from './signing-instance';
import type { DocumentVerification } from './signing-state';
import { signingStrings } from './strings';
import { badgeStatus } from './verification-summary';

/**
 * What the signature of this document says about the text NOW: derived on every change of the
 * text, its analysis or the trusted keys (src/signing/verdict.ts), never a remembered result.
 */
export function VerificationSection({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(signingStrings);
  const record = useSigning((s) => s.verifications[doc.id]);
  const verdict = useSignatureVerdict(doc.id, true);
  return (
    <section aria-labelledby="verification-title" data-testid="verification">
      <h3 id="verification-title" className="section-title">
        {t.verify.heading}
      </h3>
      {!record || !verdict ? (
        <p className="muted">{t.verify.none}</p>
      ) : (
        <VerificationDetails docId={doc.id} record={record} verdict={verdict} />
      )}
    </section>
  );
}

function VerificationDetails({
  docId,
  record,
  verdict,
}: {
  docId: string;
  record: DocumentVerification;
  verdict: SignatureVerdict;
}) {
  const t = useT(signingStrings);
  const lang = useStudio((s) => s.lang);
  const status = badgeStatus(verdict);
  const lines = verdictChangeLines(verdict);
  const manifest = record.report.manifest;
  const compare = () => {
    signing.compareWith(docId, SIGNED_VERSION);
    const section = document.getElementById(`diff-${docId}`);
    if (section) showInPanel(section);
  };
  return (
    <div className={`verification verification-${status}`} data-status={verdict.kind}>
      <p className="verification-title" data-testid="verification-status" aria-live="polite">
        <strong>
          <VisibleText text={verdictHeadline(verdict)[lang]} />
        </strong>
      </p>
      <p data-testid="verification-reason">
        <VisibleText text={verdictReason(verdict)[lang]} multiline />
      </p>
      {lines.length > 0 && (
        <ul data-testid="changed-rules">
          {lines.map((line) => (
            <li key={line.en}>
              <VisibleText text={line[lang]} multiline />
            </li>
          ))}
        </ul>
      )}
      {verdict.kind === 'changed' && (
        <p>
          <button type="button" onClick={compare} data-testid="compare-signed">
            {t.verify.compareSigned}
          </button>
        </p>
      )}
      {verdict.kind === 'bad-signature' && (
        <>
          <h4>{t.verify.whyBad}</h4>
          <ul data-testid="verification-problems">
            {verdict.detail.map((p) => (
              <li key={p.en}>
                <VisibleText text={p[lang]} multiline />
              </li>
            ))}
          </ul>
        </>
      )}
      {/* Who signed and when is only stated for a signature that verifies. */}
      {manifest && verdict.kind !== 'bad-signature' && (
        <p className="muted" data-testid="signed-by">
          <VisibleText
            text={format(t.verify.signedAt, {
              at: formatTime(manifest.signed_at, lang),
              signer:
                (verdict.kind === 'unchanged' || verdict.kind === 'changed') && verdict.signerName
                  ? format(t.verify.signerWithKey, {
                      name: verdict.signerName,
                      keyId: manifest.signer.key_id,
                    })
                  : manifest.signer.key_id,
            })}
          />
        </p>
      )}
      {/* Role signatures (issue #19): who signed in which role, and whether each key is trusted. */}
      {verdict.kind !== 'bad-signature' && record.report.roles.length > 0 && (
        <>
          <h4>{t.roles.signers}</h4>
          <ul data-testid="signers" className="signers">
            {record.report.roles.map((r) => (
              <li
                key={r.index}
                data-role={r.role ?? ''}
                data-trusted={r.trusted === true ? 'yes' : 'no'}
              >
                {fillParts(t.roles.signerLine, {
                  role: r.role ? t.roles[r.role] : '',
                  name: <VisibleText text={r.name ?? r.trustedName ?? r.keyId ?? ''} />,
                  trust: <strong>{r.trusted ? t.roles.trusted : t.roles.notTrusted}</strong>,
                  keyId: (
                    <code className="mono">
                      <VisibleText text={r.keyId ?? ''} />
                    </code>
                  ),
                  at: <VisibleText text={r.signedAt ? formatTime(r.signedAt, lang) : ''} />,
                })}
                {/* The reviewer's signed opinion and comment (issue #37 point 6). */}
                {r.opinion && (
                  <div data-testid="signer-opinion" data-opinion={r.opinion}>
                    {fillParts(t.roles.opinionLine, {
                      opinion: (
                        <strong>
                          {r.opinion === 'approve' ? t.roles.approve : t.roles.returnForChanges}
                        </strong>
                      ),
                    })}
                  </div>
                )}
                {r.comment && (
                  <div data-testid="signer-comment" className="signer-comment">
                    {fillParts(t.roles.commentLine, { comment: <VisibleText text={r.comment} /> })}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <RequiredRoles />
      <p className="muted">
        <VisibleText text={format(t.verify.file, { file: record.signatureFile })} />
      </p>
    </div>
  );
}

/** The roles every signed document must carry (required-roles.ts), as checkboxes. */
function RequiredRoles() {
  const t = useT(signingStrings);
  const required = useRequiredRoles();
  const help = useId();
  return (
    <fieldset className="required-roles" aria-describedby={help}>
      <legend>{t.roles.required}</legend>
      {SIGNER_ROLES.map((role) => (
        <label key={role}>
          <input
            type="checkbox"
            data-testid={`require-${role}`}
            checked={required.includes(role)}
            onChange={(e) => requireRole(role, e.currentTarget.checked)}
          />{' '}
          {t.roles[role]}
        </label>
      ))}
      <p id={help} className="muted">
        {t.roles.requiredHelp}
      </p>
    </fieldset>
  );
}

/**
 * A template's `{name}` placeholders filled with text or elements (one sentence per language in
 * the strings table, so word order and punctuation stay the translator's).
 */
function fillParts(template: string, values: Record<string, ReactNode>): ReactNode[] {
  const parts: ReactNode[] = [];
  let offset = 0;
  for (const part of template.split(/(\{\w+\})/)) {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = key !== undefined && key in values ? values[key] : part;
    // Keyed by the part's place in the template (fixed for a template).
    parts.push(<Fragment key={offset}>{value}</Fragment>);
    offset += part.length;
  }
  return parts;
}

/**
 * Scrolls the panel (only the panel: scrollIntoView would move the whole page too) so that
 * `section` starts at its top, and puts the keyboard on the section's first control.
 */
function showInPanel(section: HTMLElement) {
  let panel = section.parentElement;
  while (panel && !/(auto|scroll)/.test(getComputedStyle(panel).overflowY))
    panel = panel.parentElement;
  if (panel)
    panel.scrollTop += section.getBoundingClientRect().top - panel.getBoundingClientRect().top;
  section.querySelector<HTMLElement>('select, button')?.focus({ preventScroll: true });
}
