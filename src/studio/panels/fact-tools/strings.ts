import { defineStrings } from '../../i18n/i18n';

/** The Evaluate panel's fact tools: "Copy as command" and field completion in the fact box. */
export const factToolStrings = defineStrings({
  en: {
    command: {
      heading: 'Run from a shell',
      intro:
        'The same evaluation with the `erdl` command: the fact on standard input, the same as_of.',
      label: 'Command that reproduces this evaluation',
      what: 'command',
      saveAs:
        'Save the document as {file} in the folder you run it in: the command evaluates the saved file, not the text on screen.',
      download: 'Download {file}',
      saved: '{file} was downloaded with the text on screen.',
      unsaved:
        'Unsaved changes: the text on screen has changed since {file} was downloaded here. Download it again, or the command evaluates the earlier text.',
      state: 'Its first line writes the temporal_state to {file}, which `--state` reads.',
      npx: '`npx` runs the `erdl` installed where you run it (the `erdl-studio` package, or its checkout); `--no` keeps it from downloading one.',
      escaped:
        'Characters that cannot be seen (bidi controls, zero-width and control characters) are written as `printf` escapes such as `\\342\\200\\256`; `printf` turns them back into the same bytes.',
    },
    complete: {
      hint: 'Field names complete as you type a key (Ctrl+Space shows them all): ↑ ↓ to choose, Enter or Tab to insert, Esc to close.',
      listTop: 'Fields the rules read',
      listAt: 'Fields the rules read inside {path}',
      holds: 'holds {n} {n:field|fields}',
      readByRules: 'read by the rules',
    },
  },
  zh: {
    command: {
      heading: '在命令行中运行',
      intro: '用 `erdl` 命令重现同一次求值：事实从标准输入读入，as_of 相同。',
      label: '重现本次求值的命令',
      what: '命令',
      saveAs:
        '请将文档保存为 {file}，放在运行命令的目录中：命令对保存的文件求值，而不是对屏幕上的文本求值。',
      download: '下载 {file}',
      saved: '已按屏幕上的文本下载 {file}。',
      unsaved:
        '有未保存的修改：屏幕上的文本在此处下载 {file} 之后已更改。请重新下载，否则命令对修改前的文本求值。',
      state: '命令的第一行将 temporal_state 写入 {file}，供 `--state` 读取。',
      npx: '`npx` 运行所在目录中已安装的 `erdl`（`erdl-studio` 包或其代码目录）；`--no` 使其不会下载任何包。',
      escaped:
        '看不见的字符（双向控制字符、零宽字符和控制字符）写成 `printf` 转义序列，例如 `\\342\\200\\256`；`printf` 会将其还原为相同的字节。',
    },
    complete: {
      hint: '输入键名时自动补全字段名（按 Ctrl+空格键显示全部）：用 ↑ ↓ 选择，Enter 或 Tab 插入，Esc 关闭。',
      listTop: '规则读取的字段',
      listAt: '规则在 {path} 中读取的字段',
      holds: '包含 {n} 个字段',
      readByRules: '由规则读取',
    },
  },
});
