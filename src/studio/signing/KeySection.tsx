import { useEffect, useState } from 'react';
import { keyFileText, keyNameProblem } from '../../signing';
import { format, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { downloadText } from '../workspace/files';
import { CopyButton } from './CopyButton';
import { signing, useSigning } from './signing-instance';
import { signingStrings } from './strings';

/** Generate the studio's signing key (non-extractable), show its id, export the public JWK. */
export function KeySection() {
  const t = useT(signingStrings);
  const status = useSigning((s) => s.status);
  const storageError = useSigning((s) => s.storageError);
  const supported = useSigning((s) => s.supported);
  const key = useSigning((s) => s.signingKey);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const lang = useStudio((s) => s.lang);
  const r = t.roles;
  useEffect(() => {
    signing.setOwnKeyName(t.trusted.own);
    void signing.ensureLoaded();
  }, [t.trusted.own]);

  const generate = async () => {
    const chosen = name.trim().normalize('NFC');
    // The name is asked for, not forced: a key without one is shown by its key id (as before).
    const problem = chosen === '' ? null : keyNameProblem(chosen);
    if (problem) {
      setNameError(problem[lang]);
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      await signing.generateKey(chosen === '' ? undefined : chosen);
    } finally {
      setBusy(false);
    }
  };
  const exportPublic = () => {
    if (!key) return;
    const short = key.keyId.slice('sha256:'.length, 'sha256:'.length + 12);
    downloadText(
      `erdl-${short}.pub.jwk`,
      keyFileText(key.publicKey, key.name),
      'application/jwk+json',
    );
  };

  return (
    <section aria-labelledby="signing-key-title" data-testid="signing-key">
      <h3 id="signing-key-title" className="section-title">
        {t.keys.heading}
      </h3>
      {storageError && (
        <p role="alert" className="notice notice-warning">
          {format(t.keys.storageFailed, { detail: storageError })}
        </p>
      )}
      {status !== 'ready' ? (
        <p className="muted">{t.keys.loading}</p>
      ) : key ? (
        <>
          {key.name && (
            <p>
              {r.keyName}: <strong data-testid="signing-key-name">{key.name}</strong>
            </p>
          )}
          <p>
            {t.keys.keyId}:{' '}
            <code className="mono hash-cell" data-testid="signing-key-id">
              {key.keyId}
            </code>{' '}
            <CopyButton text={key.keyId} what={t.keys.keyId} />
          </p>
          <p className="muted">{format(t.keys.created, { at: key.createdAt })}</p>
          <p className="field-row">
            <button type="button" className="button small" onClick={exportPublic}>
              {t.keys.exportPublic}
            </button>
            <button type="button" className="button small" onClick={() => setConfirming(true)}>
              {t.keys.remove}
            </button>
          </p>
          {confirming && (
            <div role="alertdialog" aria-label={t.keys.confirmRemove} className="confirm-delete">
              <span>{t.keys.confirmRemove}</span>{' '}
              <button
                type="button"
                className="button small"
                onClick={() => {
                  setConfirming(false);
                  void signing.deleteKey();
                }}
              >
                {t.keys.confirmRemoveYes}
              </button>
              <button type="button" className="button small" onClick={() => setConfirming(false)}>
                {t.keys.cancel}
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="muted">{supported === false ? t.keys.unsupported : t.keys.none}</p>
          <p className="field-row">
            <label>
              {r.nameLabel}{' '}
              <input
                type="text"
                data-testid="signing-key-name-input"
                value={name}
                placeholder={r.namePlaceholder}
                maxLength={120}
                aria-invalid={nameError !== null}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
          </p>
          {nameError && (
            <p role="alert" className="notice notice-warning">
              {nameError}
            </p>
          )}
          <button
            type="button"
            className="button"
            disabled={busy || supported === false}
            onClick={() => void generate()}
          >
            {busy ? t.keys.generating : t.keys.generate}
          </button>
        </>
      )}
    </section>
  );
}
