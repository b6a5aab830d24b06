import { MAX_KEY_FILE_BYTES } from '../../kernel/file-limits';
import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { studioStore } from '../store';
import { downloadText } from '../workspace/files';
import { workspaceDictionary } from './dictionary';
import { FileChooserButton } from './FileChooserButton';
import { signing, useSigning } from './signing-instance';
import { signingStrings } from './strings';
import { type ExportedTrustedKey, readTrustFile, trustListText } from './trust-file';

/** A key file that cannot be read (over MAX_KEY_FILE_BYTES, refused before it is read, or not UTF-8). */
function unreadable(file: File, detail: string): void {
  studioStore.getState().notify('error', {
    en: format(signingStrings.en.trusted.unreadable, { file: file.name, detail }),
    zh: format(signingStrings.zh.trusted.unreadable, { file: file.name, detail }),
  });
}

async function importKeyFile(file: File): Promise<void> {
  const state = studioStore.getState();
  const en = signingStrings.en.trusted;
  const zh = signingStrings.zh.trusted;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch (e) {
    unreadable(file, e instanceof Error ? e.message : String(e));
    return;
  }
  const read = readTrustFile(file.name, text);
  if (!read.ok) {
    state.notify('error', read.message);
    return;
  }
  const { added, already } = await signing.addTrusted(read.keys, workspaceDictionary());
  // One notice for the file, however many keys it holds (a JWK Set may hold many).
  const names = (list: readonly { name: string }[], sep: string) =>
    list.map((k) => k.name).join(sep);
  if (added.length + already.length === 1) {
    const key = (added[0] ?? already[0]) as { name: string };
    const which = added.length === 1 ? 'added' : 'already';
    state.notify('info', {
      en: format(en[which], { name: key.name }),
      zh: format(zh[which], { name: key.name }),
    });
    return;
  }
  const parts = (t: { readonly addedList: string; readonly alreadyList: string }, sep: string) =>
    [
      added.length > 0 ? format(t.addedList, { n: added.length, names: names(added, sep) }) : '',
      already.length > 0
        ? format(t.alreadyList, { n: already.length, names: names(already, sep) })
        : '',
    ]
      .filter((p) => p !== '')
      .join(' ');
  state.notify('info', { en: parts(en, ', '), zh: parts(zh, '、') });
}

/**
 * Downloads the keys this studio trusts as a JWK Set (trust-file.ts trustListText): the trusted
 * keys and the studio's own signing key (trusted here too, signature-verdict.ts trustedNow), so
 * a team's file carries its holder's key.
 */
function exportTrusted(): void {
  const { trusted, signingKey } = signing.store.getState();
  const keys: ExportedTrustedKey[] = [...trusted];
  if (signingKey && !keys.some((k) => k.keyId === signingKey.keyId))
    keys.push({
      keyId: signingKey.keyId,
      publicKey: signingKey.publicKey,
      name: signingKey.name ?? '',
    });
  downloadText('trusted-keys.jwks.json', trustListText(keys), 'application/jwk-set+json');
}

/** The public keys the user trusts: import a JWK file, name each key, remove. */
export function TrustedKeys() {
  const t = useT(signingStrings);
  const trusted = useSigning((s) => s.trusted);
  const hasOwnKey = useSigning((s) => s.signingKey !== null);
  return (
    <section aria-labelledby="trusted-keys-title" data-testid="trusted-keys">
      <h3 id="trusted-keys-title" className="section-title">
        {t.trusted.heading}
      </h3>
      <p className="muted">{t.trusted.help}</p>
      {trusted.length === 0 ? (
        <p className="muted">{t.trusted.none}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t.trusted.name}</th>
              <th scope="col">{t.trusted.keyId}</th>
              <th scope="col">
                <span className="visually-hidden">{t.trusted.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {trusted.map((key) => (
              <tr key={key.keyId}>
                <td>
                  <input
                    defaultValue={key.name}
                    aria-label={format(t.trusted.nameFor, { keyId: key.keyId })}
                    onBlur={(e) => {
                      const field = e.currentTarget;
                      // Shown and journaled at once (a reload right after cannot lose it); an
                      // empty name is refused and the field shows the name the key keeps.
                      void signing.renameTrusted(key.keyId, field.value).then((renamed) => {
                        if (!renamed) field.value = key.name;
                      });
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') e.currentTarget.blur();
                    }}
                  />
                </td>
                <td className="mono hash-cell" title={key.keyId}>
                  {key.keyId}
                </td>
                <td>
                  <button
                    type="button"
                    className="button small"
                    aria-label={format(t.trusted.removeLabel, { name: revealInline(key.name) })}
                    onClick={() => void signing.removeTrusted(key.keyId, workspaceDictionary())}
                  >
                    {t.trusted.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FileChooserButton
        label={t.trusted.import}
        inputLabel={t.trusted.importLabel}
        accept=".jwk,.json,.jwks"
        testId="trusted-key-file"
        maxBytes={MAX_KEY_FILE_BYTES}
        refuse={(file) => unreadable(file, `${file.size} bytes`)}
        onFiles={(files) =>
          void (async () => {
            for (const file of files) await importKeyFile(file);
          })()
        }
      />
      {(trusted.length > 0 || hasOwnKey) && (
        <>
          <button
            type="button"
            className="button"
            data-testid="trusted-export"
            onClick={exportTrusted}
          >
            {t.trusted.exportList}
          </button>
          <p className="muted">{t.trusted.exportHelp}</p>
        </>
      )}
    </section>
  );
}
