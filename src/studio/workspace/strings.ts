import { defineStrings } from '../../i18n/format';

export const workspaceStrings = defineStrings({
  en: {
    heading: 'Documents',
    listLabel: 'Documents in this workspace',
    errors: '{n} {n:error|errors}',
    errorsEarlier: '{n} {n:error|errors} in an earlier text; checking the edited text…',
    rename: 'Rename',
    renameLabel: 'New name for {name}',
    renameHint: 'F2 or double-click to rename',
    delete: 'Delete {name}',
    confirmDelete: 'Delete “{name}”?',
    confirmDeleteYes: 'Delete',
    cancel: 'Cancel',
    deleted: 'Deleted “{name}”.',
    undo: 'Undo',
    actions: 'Workspace actions',
    newDocument: 'New document',
    newDocumentName: 'untitled',
    openFiles: 'Open files…',
    openFilesLabel: 'Open rule documents or a workspace file',
    paste: 'Paste as new document',
    pastedName: 'pasted',
    pasteHint:
      'Drop files here, or paste text anywhere outside the editor to add it as a new document.',
    dropHere: 'Drop to import',
    exportDocument: 'Export document',
    exportWorkspace: 'Export workspace',
    share: 'Share link',
    shareLink: 'Share link for {name}',
    shareCopied: 'Link copied to the clipboard.',
    shareNotCopied: 'Copy the link below (the clipboard was not available).',
    shareLong: 'This link is long ({n} {n:character|characters}); some apps cut long links.',
    closeShare: 'Close',
    clipboardUnavailable:
      'The clipboard could not be read ({detail}). Paste with Ctrl+V outside the editor instead.',
    clipboardEmpty: 'The clipboard holds no text.',
    imported: 'Imported “{name}”.',
    importWorkspaceTitle: 'Import workspace {file}',
    importWorkspaceBody:
      'It holds {n} {n:document|documents}. Replace this workspace with it (yours is kept as a backup), or add its documents to this one?',
    replace: 'Replace workspace',
    merge: 'Add its documents',
    conflictTitle: 'Another tab saved a newer version of this workspace.',
    conflictBodyDirty:
      'Your changes in this tab ({n} {n:document|documents}) are not saved over it. Reload the other version, or keep yours as copies beside it.',
    conflictBodyClean: 'This tab has no unsaved changes. Reload to see the other version.',
    reloadTheirs: 'Reload theirs',
    keepMine: 'Keep mine as copies',
    confirmDiscard:
      'Reload and discard your changes in this tab? (A backup stays in the browser database.)',
    confirmDiscardYes: 'Discard mine and reload',
    suiteAttached: '“{file}” is now the fact suite of “{name}”.',
    suiteUnchanged: '“{file}” is already the fact suite of “{name}”.',
    factSetRunning: 'Running the fact set “{file}” against “{name}”.',
    suiteNoMatch:
      '“{file}” is a fact suite, not a rule document, and no open document is named “{stem}”. It was not opened as rules.',
    suiteNoMatchNoActive: 'Open or create its rule document first, then import the suite again.',
    suiteReplace:
      '“{file}” is the fact suite of “{name}”, which already has a different suite. Replace it?',
    attachTo: 'Attach to “{name}”',
    replaceSuite: 'Replace its suite',
    dismiss: 'Dismiss',
    suiteOfferLabel: 'Fact suite {file}',
  },
  zh: {
    heading: '文档',
    listLabel: '此工作区中的文档',
    errors: '{n} 个错误',
    errorsEarlier: '修改前的文本有 {n} 个错误，正在检查修改后的文本…',
    rename: '重命名',
    renameLabel: '{name} 的新名称',
    renameHint: '按 F2 或双击以重命名',
    delete: '删除 {name}',
    confirmDelete: '删除“{name}”？',
    confirmDeleteYes: '删除',
    cancel: '取消',
    deleted: '已删除“{name}”。',
    undo: '撤销',
    actions: '工作区操作',
    newDocument: '新建文档',
    newDocumentName: '未命名',
    openFiles: '打开文件…',
    openFilesLabel: '打开规则文档或工作区文件',
    paste: '粘贴为新文档',
    pastedName: '粘贴',
    pasteHint: '将文件拖放到此处，或在编辑器之外的任意位置粘贴文本，即可添加为新文档。',
    dropHere: '松开以导入',
    exportDocument: '导出文档',
    exportWorkspace: '导出工作区',
    share: '分享链接',
    shareLink: '{name} 的分享链接',
    shareCopied: '链接已复制到剪贴板。',
    shareNotCopied: '请复制下面的链接（剪贴板不可用）。',
    shareLong: '此链接较长（{n} 个字符），某些应用会截断长链接。',
    closeShare: '关闭',
    clipboardUnavailable: '无法读取剪贴板（{detail}）。请改为在编辑器之外按 Ctrl+V 粘贴。',
    clipboardEmpty: '剪贴板中没有文本。',
    imported: '已导入“{name}”。',
    importWorkspaceTitle: '导入工作区 {file}',
    importWorkspaceBody:
      '其中有 {n} 个文档。用它替换当前工作区（当前工作区会保留备份），还是把其中的文档添加到当前工作区？',
    replace: '替换工作区',
    merge: '添加其中的文档',
    conflictTitle: '另一个标签页保存了此工作区的较新版本。',
    conflictBodyDirty:
      '此标签页中的修改（{n} 个文档）不会覆盖它。请重新载入另一版本，或将你的版本作为副本保留在旁边。',
    conflictBodyClean: '此标签页没有未保存的修改。重新载入即可看到另一版本。',
    reloadTheirs: '载入对方版本',
    keepMine: '将我的版本保留为副本',
    confirmDiscard: '重新载入并丢弃此标签页中的修改？（浏览器数据库中会保留一份备份。）',
    confirmDiscardYes: '丢弃我的修改并重新载入',
    suiteAttached: '“{file}”已成为“{name}”的事实测试集。',
    suiteUnchanged: '“{file}”已经是“{name}”的事实测试集。',
    factSetRunning: '正在用“{name}”运行事实集“{file}”。',
    suiteNoMatch:
      '“{file}”是事实测试集，不是规则文档；没有名为“{stem}”的已打开文档。它没有作为规则打开。',
    suiteNoMatchNoActive: '请先打开或新建它的规则文档，再导入该测试集。',
    suiteReplace: '“{file}”是“{name}”的事实测试集，而该文档已有不同的测试集。要替换吗？',
    attachTo: '附加到“{name}”',
    replaceSuite: '替换其测试集',
    dismiss: '关闭',
    suiteOfferLabel: '事实测试集 {file}',
  },
});

/** Notices the workspace raises outside React (workspace/messages.ts). */
export const workspaceMessageStrings = defineStrings({
  en: {
    storageUnavailable:
      "The browser's storage (IndexedDB) is unavailable ({detail}). Your work is kept in this tab only and will be lost when it closes: export the workspace to keep it.",
    saveFailed:
      'The workspace could not be saved ({detail}). Your work is still here; it will be saved again on the next change. Export the workspace to keep a copy.',
    storedWorkspaceDamaged:
      'Part of the saved workspace could not be read: {problems}. The {count} readable {count:document is|documents are} shown. The saved data is kept as it was, with a copy in the browser database, and nothing is saved over it until you change something.',
    storedWorkspaceUnreadable:
      'The saved workspace could not be read: {problems}. It is kept as it was, with a copy in the browser database; the examples are shown, and nothing is saved over it until you change something.',
    storedWorkspaceNotKept:
      'The saved workspace could not be read ({problems}) and no copy of it could be kept ({detail}). So that it is not lost, nothing is saved from this tab: export the workspace to keep what you do here.',
    damagedOrphan:
      'Unsaved work of a tab that closed could not be read whole: {problems}. Its readable documents were added as “(recovered)” copies; all of it is kept in the browser database.',
    damagedOrphanNone:
      'Unsaved work of a tab that closed could not be read: {problems}. It is kept in the browser database.',
    importNotSaved:
      '“{file}” was not imported: the workspace could not be saved ({detail}). Your workspace is unchanged.',
    importInvalid: '“{file}” was not imported: {problems}. Your workspace is unchanged.',
    importTooMany:
      '“{file}” was not imported: the workspace would hold {count} {count:document|documents}; it holds at most {limit}. Your workspace is unchanged.',
    importConflict:
      '“{file}” was not imported: another tab saved this workspace first. Choose a version in the banner above, then import the file again.',
    recovered:
      'Recovered unsaved work from a tab that closed before saving ({count} {count:document|documents} added as “(recovered)” copies where they differed).',
    restoredUnsaved: 'Restored edits that were not yet saved when the page closed.',
    sharedOpened: 'Opened the shared document “{name}” as a new document.',
    forked:
      "Loaded the other tab's version and added your {count} changed {count:document|documents} as copies.",
    dictionaryKeptAsBackup:
      'Both tabs changed the field dictionary: the other tab’s dictionary is used; yours is kept as a backup in the browser database.',
    imported: 'Imported “{name}”.',
    copySuffix: '(copy)',
    recoveredSuffix: '(recovered)',
  },
  zh: {
    storageUnavailable:
      '浏览器存储（IndexedDB）不可用（{detail}）。你的工作只保存在此标签页中，关闭后将丢失：请导出工作区以保留。',
    saveFailed:
      '无法保存工作区（{detail}）。你的工作仍在此处，下次修改时会再次尝试保存。请导出工作区以保留副本。',
    storedWorkspaceDamaged:
      '已保存的工作区有一部分无法读取：{problems}。已显示其中可读取的 {count} 个文档。已保存的数据原样保留，浏览器数据库中另存有一份副本；在你做出修改之前，不会有任何内容保存覆盖它。',
    storedWorkspaceUnreadable:
      '无法读取已保存的工作区：{problems}。它已原样保留，浏览器数据库中另存有一份副本；现在显示的是示例，在你做出修改之前，不会有任何内容保存覆盖它。',
    storedWorkspaceNotKept:
      '无法读取已保存的工作区（{problems}），也无法为它保留副本（{detail}）。为避免丢失，此标签页不会保存任何内容：请导出工作区，以保留你在此处的工作。',
    damagedOrphan:
      '一个已关闭的标签页中未保存的工作无法完整读取：{problems}。其中可读取的文档已作为“（恢复）”副本添加；全部内容都保留在浏览器数据库中。',
    damagedOrphanNone:
      '一个已关闭的标签页中未保存的工作无法读取：{problems}。它保留在浏览器数据库中。',
    importNotSaved: '“{file}”未导入：无法保存工作区（{detail}）。你的工作区没有改变。',
    importInvalid: '“{file}”未导入：{problems}。你的工作区没有改变。',
    importTooMany:
      '“{file}”未导入：导入后工作区将有 {count} 个文档，最多只能有 {limit} 个。你的工作区没有改变。',
    importConflict:
      '“{file}”未导入：另一个标签页先保存了此工作区。请先在上方横幅中选择一个版本，再重新导入该文件。',
    recovered:
      '已恢复一个未及保存就关闭的标签页中的工作（有差异的 {count} 个文档已作为“（恢复）”副本添加）。',
    restoredUnsaved: '已恢复页面关闭时尚未保存的编辑。',
    sharedOpened: '已将分享的文档“{name}”作为新文档打开。',
    forked: '已载入另一标签页的版本，并将你修改过的 {count} 个文档作为副本添加。',
    dictionaryKeptAsBackup:
      '两个标签页都修改了字段词典：使用另一标签页的词典；你的词典已作为备份保存在浏览器数据库中。',
    imported: '已导入“{name}”。',
    copySuffix: '（副本）',
    recoveredSuffix: '（恢复）',
  },
});

/** Why a share link cannot be opened (workspace/share.ts). */
export const shareStrings = defineStrings({
  en: {
    invalid: 'This share link is not valid: {reason}.',
    problem: {
      characters: 'it contains characters a share link never has',
      altered: 'it is cut off or altered',
      tooLarge: 'the document in it is too large',
      noDocument: 'it does not hold a document',
      notOurs: 'it was not made by ERDL Studio',
      noName: 'the name of its document is empty or has only invisible characters',
    },
  },
  zh: {
    invalid: '此分享链接无效：{reason}。',
    problem: {
      characters: '包含分享链接中不会出现的字符',
      altered: '链接不完整或已被改动',
      tooLarge: '其中的文档过大',
      noDocument: '其中没有文档',
      notOurs: '它不是由 ERDL Studio 生成的',
      noName: '其中文档的名称为空，或只有不可见字符',
    },
  },
});

/** Why a file or a workspace record is refused (files.ts); `{file}` is the file's name. */
export const fileCheckStrings = defineStrings({
  en: {
    rejected: '{file}: {reason}',
    notOurs:
      'not a rule document, fact suite or workspace file (expected .erdl.yaml, .yaml, .yml, .json, .facts.yaml, .jsonl, .csv or .erdl-workspace.json).',
    tooLarge: 'too large ({size} bytes; the limit is {limit} bytes).',
    notUtf8: 'not UTF-8 text.',
    empty: 'the file is empty.',
    badWorkspace: 'not a valid workspace file: {reason}.',
  },
  zh: {
    rejected: '{file}：{reason}',
    notOurs:
      '不是规则文档、事实测试集或工作区文件（应为 .erdl.yaml、.yaml、.yml、.json、.facts.yaml、.jsonl、.csv 或 .erdl-workspace.json）。',
    tooLarge: '文件过大（{size} 字节，上限为 {limit} 字节）。',
    notUtf8: '不是 UTF-8 文本。',
    empty: '文件为空。',
    badWorkspace: '不是有效的工作区文件：{reason}。',
  },
});

/**
 * Problems of a workspace file or saved record (workspace-check.ts). A problem reads
 * `{where}: {what}`: where is the document (number and name), the JSON path of the value and its
 * line and column; `{kind}` is what a value of the wrong type is (`kinds`).
 */
export const workspaceCheckStrings = defineStrings({
  en: {
    problem: '{where}: {what}',
    document: 'document {n}',
    documentNamed: 'document {n} “{name}”',
    withDetail: '{label} ({detail})',
    detailSeparator: ', ',
    lineColumn: 'line {line}, column {column}',
    wholeFile: 'the file',
    separator: '; ',
    more: '; and {n} more {n:problem|problems}',
    kinds: {
      null: 'null',
      list: 'a list',
      object: 'an object',
      number: 'a number',
      boolean: 'true or false',
      text: 'text',
    },
    tooLarge: 'the file is too large ({size} bytes; the limit is {limit} bytes)',
    jsonSyntax: 'the JSON does not parse: {detail}',
    syntax: {
      InvalidSymbol: 'an unexpected character',
      InvalidNumberFormat: 'a malformed number',
      PropertyNameExpected: 'a property name in double quotes is expected here',
      ValueExpected: 'a value is expected here',
      ColonExpected: 'a colon is expected here',
      CommaExpected: 'a comma is expected here',
      CloseBraceExpected: 'a closing “}” is expected here',
      CloseBracketExpected: 'a closing “]” is expected here',
      EndOfFileExpected: 'more text follows the end of the JSON value',
      InvalidCommentToken: 'JSON has no comments',
      UnexpectedEndOfComment: 'JSON has no comments',
      UnexpectedEndOfString: 'a string is not closed',
      UnexpectedEndOfNumber: 'a number is cut off',
      InvalidUnicode: 'a malformed \\u escape',
      InvalidEscapeCharacter: 'an invalid escape sequence',
      InvalidCharacter: 'a control character inside a string (it must be written escaped)',
    },
    notObject: 'a workspace file is a JSON object',
    unknownTopField: 'not a field of a workspace file',
    unknownField: 'not a field of a document',
    format: 'must be “{format}”, not {found}',
    formatMissing: 'is missing (it must be “{format}”)',
    formatVersionMissing: 'is missing (this studio reads version 1)',
    formatVersion: 'version {version} is not supported (this studio reads 1)',
    documentsList: 'must be the list of documents',
    tooManyDocuments: '{n} {n:document|documents}; a workspace holds at most {limit}',
    dictionary: 'the field dictionary must be text, not {kind}',
    dictionaryTooLarge: 'the field dictionary is {size} bytes; the limit is {limit} bytes',
    activeIdType: 'the active document must be named by its id (text), not {kind}',
    activeIdUnknown: 'no document has the id “{id}”',
    documentNotObject: 'a document is a JSON object, not {kind}',
    missing: '“{field}” is missing',
    notText: '“{field}” must be text, not {kind}',
    fieldTooLarge: '“{field}” is {size} bytes; the limit is {limit} bytes',
    fieldTooLong: '“{field}” is {size} characters long; the limit is {limit}',
    idEmpty: 'the id is empty',
    idTooLong: 'the id is {size} characters long; the limit is {limit}',
    idRepeats: 'the id “{id}” repeats the id of document {first} “{firstName}”',
    idRepeatsUnnamed: 'the id “{id}” repeats the id of document {first}',
    nameEmpty: 'the name is empty',
    nameTooLong: 'the name is {size} characters long; the limit is {limit}',
    nameControl: 'the name “{name}” holds a control character',
    textTooLarge: 'the rule text is {size} bytes; a document is at most {limit} bytes',
    cursor: '“cursor” must be {"line": n, "column": n}, whole numbers from 1 to {max}',
  },
  zh: {
    problem: '{where}：{what}',
    document: '第 {n} 个文档',
    documentNamed: '第 {n} 个文档“{name}”',
    withDetail: '{label}（{detail}）',
    detailSeparator: '，',
    lineColumn: '第 {line} 行第 {column} 列',
    wholeFile: '文件',
    separator: '；',
    more: '；另有 {n} 处问题',
    kinds: {
      null: 'null',
      list: '列表',
      object: '对象',
      number: '数字',
      boolean: '布尔值',
      text: '文本',
    },
    tooLarge: '文件过大（{size} 字节，上限为 {limit} 字节）',
    jsonSyntax: 'JSON 无法解析：{detail}',
    syntax: {
      InvalidSymbol: '出现了意外的字符',
      InvalidNumberFormat: '数字格式错误',
      PropertyNameExpected: '此处应为用双引号括起的属性名',
      ValueExpected: '此处应为一个值',
      ColonExpected: '此处应为冒号',
      CommaExpected: '此处应为逗号',
      CloseBraceExpected: '此处应为“}”',
      CloseBracketExpected: '此处应为“]”',
      EndOfFileExpected: 'JSON 值结束后还有多余的文本',
      InvalidCommentToken: 'JSON 中不能有注释',
      UnexpectedEndOfComment: 'JSON 中不能有注释',
      UnexpectedEndOfString: '字符串没有结束',
      UnexpectedEndOfNumber: '数字不完整',
      InvalidUnicode: '“\\u”转义格式错误',
      InvalidEscapeCharacter: '无效的转义序列',
      InvalidCharacter: '字符串中有控制字符（必须写成转义形式）',
    },
    notObject: '工作区文件应为 JSON 对象',
    unknownTopField: '不是工作区文件的字段',
    unknownField: '不是文档的字段',
    format: '必须是“{format}”，而不是 {found}',
    formatMissing: '缺失（应为“{format}”）',
    formatVersionMissing: '缺失（本工作室读取版本 1）',
    formatVersion: '不支持版本 {version}（本工作室读取 1）',
    documentsList: '必须是文档列表',
    tooManyDocuments: '有 {n} 个文档，一个工作区最多 {limit} 个',
    dictionary: '字段词典必须是文本，而不是{kind}',
    dictionaryTooLarge: '字段词典有 {size} 字节，上限为 {limit} 字节',
    activeIdType: '当前文档必须用其 ID（文本）指明，而不是{kind}',
    activeIdUnknown: '没有 ID 为“{id}”的文档',
    documentNotObject: '文档应为 JSON 对象，而不是{kind}',
    missing: '缺少“{field}”',
    notText: '“{field}”必须是文本，而不是{kind}',
    fieldTooLarge: '“{field}”有 {size} 字节，上限为 {limit} 字节',
    fieldTooLong: '“{field}”有 {size} 个字符，上限为 {limit} 个',
    idEmpty: 'ID 为空',
    idTooLong: 'ID 有 {size} 个字符，上限为 {limit} 个',
    idRepeats: 'ID“{id}”与第 {first} 个文档“{firstName}”的 ID 重复',
    idRepeatsUnnamed: 'ID“{id}”与第 {first} 个文档的 ID 重复',
    nameEmpty: '名称为空',
    nameTooLong: '名称有 {size} 个字符，上限为 {limit} 个',
    nameControl: '名称“{name}”中有控制字符',
    textTooLarge: '规则文本有 {size} 字节，单个文档最多 {limit} 字节',
    cursor: '“cursor”必须是“{"line": n, "column": n}”，取 1 到 {max} 的整数',
  },
});
