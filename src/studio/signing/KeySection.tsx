import { useEffect, useState } from 'react';
import type { Bilingual } from '../../kernel';
import { keyFileText, keyNameProblem, PASSPHRASE_MIN, passphraseProblem } from '../../signing';
import { bilingual, format, pick, useT } from '../i18n/i18n';
import { formatTime } from '../i18n/time';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import { downloadText } from '../workspace/files';
import { CopyButton } from './CopyButton';
import { FileChooserButton, PassphraseField } from './FileChooserButton';
import { signing, useSigning } from './signing-instance';
import { signingStrings } from './strings';

/** A backup file is a few hundred bytes; anything large is not one. */
const MAX_BACKUP_FILE_BYTES = 64 * 1024;

/**
 * Generate the studio's signing key (non-extractable; with a passphrase-protected backup when the
 * user asks, the only moment one can be made), restore one from a backup, show its id, export the
 * public JWK. docs/signed-files.md "Key names and backups".
 */
export function KeySection() {
  const t = useT(signingStrings);
  const status = useSigning((s) => s.status);
  const storageError = useSigning((s) => s.storageError);
  const supported = useSigning((s) => s.supported);
  const key = useSigning((s) => s.signingKey);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [withBackup, setWithBackup] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const lang = useStudio((s) => s.lang);
  const r = t.roles;
  useEffect(() => {
    signing.setOwnKeyName(t.trusted.own);
    void signing.ensureLoaded();
  }, [t.trusted.own]);

  const generate = async () => {
    const chosen = name.trim().normalize('NFC');
    // The name is asked for, not forced: a key without one is shown by its key id (as before).
    const refused = chosen === '' ? null : keyNameProblem(chosen);
    if (refused) {
      setProblem(refused);
      return;
    }
    if (withBackup) {
      const weak = passphraseProblem(passphrase);
      if (weak || passphrase !== again) {
        setProblem(weak ?? bilingual(signingStrings, (s) => s.keys.passphraseMismatch));
        return;
      }
    }
    setProblem(null);
    setBusy(true);
    try {
      const keyName = chosen === '' ? undefined : chosen;
      if (!withBackup) {
        if (await signing.generateKey(keyName)) setName('');
        return;
      }
      const made = await signing.generateKeyWithBackup(passphrase, keyName);
      if (made === null) return;
      if (!made.ok) {
        setProblem(made.message);
        return;
      }
      downloadText(made.file, made.text, 'application/json');
      setPassphrase('');
      setAgain('');
      setWithBackup(false);
      setName('');
      studioStore.getState().notify(
        'info',
        bilingual(signingStrings, (s) => s.keys.backupSaved, { file: made.file }),
      );
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
              {r.keyName}:{' '}
              <strong data-testid="signing-key-name">
                <VisibleText text={key.name} />
              </strong>
            </p>
          )}
          <p>
            {t.keys.keyId}:{' '}
            <code className="mono hash-cell" data-testid="signing-key-id">
              {key.keyId}
            </code>{' '}
            <CopyButton text={key.keyId} what={t.keys.keyId} />
          </p>
          <p className="muted">{format(t.keys.created, { at: formatTime(key.createdAt, lang) })}</p>
          <p className="muted" data-testid="signing-key-backup">
            {key.backup
              ? format(
                  key.backup.kind === 'created' ? t.keys.backupCreated : t.keys.backupRestored,
                  {
                    file: key.backup.file,
                  },
                )
              : t.keys.noBackup}
          </p>
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
                aria-invalid={problem !== null}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
          </p>
          <p className="field-row">
            <label>
              <input
                type="checkbox"
                data-testid="signing-key-backup-check"
                checked={withBackup}
                onChange={(e) => setWithBackup(e.target.checked)}
              />{' '}
              {t.keys.backupOnCreate}
            </label>
          </p>
          {withBackup && (
            <>
              <p className="muted">{t.keys.backupHelp}</p>
              <p className="field-row">
                <PassphraseField
                  label={format(t.keys.passphrase, { min: PASSPHRASE_MIN })}
                  value={passphrase}
                  isNew
                  onChange={setPassphrase}
                />
                <PassphraseField
                  label={t.keys.passphraseAgain}
                  value={again}
                  isNew
                  onChange={setAgain}
                />
              </p>
            </>
          )}
          {problem && (
            <p role="alert" className="notice notice-warning" data-testid="signing-key-problem">
              {pick(problem, lang)}
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
          <RestoreKey disabled={busy || supported === false} />
        </>
      )}
    </section>
  );
}

/** "FILE: why", in both languages. */
function failedFor(file: string, reason: Bilingual): Bilingual {
  return {
    en: format(signingStrings.en.keys.restoreFailed, { file, reason: reason.en }),
    zh: format(signingStrings.zh.keys.restoreFailed, { file, reason: reason.zh }),
  };
}

/** Restore the signing key from a backup file (the studio's or `erdl key backup`'s) and its passphrase. */
function RestoreKey({ disabled }: { readonly disabled: boolean }) {
  const t = useT(signingStrings);
  const lang = useStudio((s) => s.lang);
  const [chosen, setChosen] = useState<{ file: string; text: string } | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);

  /** A file over MAX_BACKUP_FILE_BYTES, refused before it is read. */
  const tooLarge = (file: File) => {
    setChosen(null);
    setProblem(
      failedFor(
        file.name,
        bilingual(signingStrings, (s) => s.keys.restoreUnreadable, {
          detail: `${file.size} bytes`,
        }),
      ),
    );
  };
  const choose = async (file: File) => {
    setProblem(null);
    setChosen(null);
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
      setChosen({ file: file.name, text });
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      setProblem(
        failedFor(
          file.name,
          bilingual(signingStrings, (s) => s.keys.restoreUnreadable, { detail }),
        ),
      );
    }
  };
  const restore = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const outcome = await signing.restoreKey(chosen.file, chosen.text, passphrase);
      if (!outcome.ok) {
        setProblem(failedFor(chosen.file, outcome.message));
        return;
      }
      studioStore.getState().notify(
        'info',
        bilingual(signingStrings, (s) => s.keys.restored, {
          file: chosen.file,
          keyId: outcome.keyId,
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="key-restore" data-testid="key-restore">
      <FileChooserButton
        label={t.keys.restoreOpen}
        inputLabel={t.keys.restoreLabel}
        accept=".json"
        testId="key-backup-file"
        disabled={disabled || busy}
        maxBytes={MAX_BACKUP_FILE_BYTES}
        refuse={tooLarge}
        onFiles={([file]) => {
          if (file) void choose(file);
        }}
      />
      {chosen && (
        <form
          className="key-restore-form"
          onSubmit={(e) => {
            e.preventDefault();
            void restore();
          }}
        >
          <p>
            <VisibleText text={format(t.keys.restoreFile, { file: chosen.file })} />
          </p>
          <PassphraseField
            label={t.keys.restorePassphrase}
            value={passphrase}
            isNew={false}
            onChange={setPassphrase}
          />
          <button type="submit" className="button small" disabled={disabled || busy}>
            {busy ? t.keys.restoring : t.keys.restore}
          </button>
        </form>
      )}
      {problem && (
        <p role="alert" className="notice notice-warning" data-testid="key-restore-problem">
          {pick(problem, lang)}
        </p>
      )}
    </div>
  );
}
