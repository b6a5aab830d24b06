import { editorHelpStrings } from '../../i18n/editor-help';
import { defineStrings } from '../i18n/i18n';

/** The editor's UI strings (Chinese is the spec's original language). */
export const editorStrings = defineStrings({
  en: {
    editorLabel: 'ERDL rule document editor',
    loading: 'Loading the editor…',
    loadFailed: 'The editor could not be loaded: {detail}',
    retry: 'Try again',
    noDocument: 'No document is open.',
    monacoLangNote:
      'The editor’s own menus, find box and command palette stay in Chinese until the page is reloaded.',
    schemaUnavailable:
      'The ERDL schema could not be loaded ({detail}); schema completion is off. The kernel still checks the document.',
    causedMore: editorHelpStrings.en.causedMore,
    fix: {
      dialogTitleWith: 'Review quick fix: {title}',
      action: '{title} ({code})',
      diffLabel: 'Changes the fix makes: current text on the left, fixed text on the right',
      originalLabel: 'Current text (read-only)',
      modifiedLabel: 'Text after the fix (read-only)',
      apply: 'Apply',
      cancel: 'Cancel',
      stale:
        'The document changed since this fix was proposed; it no longer applies. Close this and pick the fix again from the current diagnostics.',
      invalid:
        'This fix does not fit the current text (an edit is out of range); nothing was changed.',
      code: 'Diagnostic {code}',
    },
    hover: editorHelpStrings.en.hover,
    operand: editorHelpStrings.en.operand,
    completion: {
      fromDictionary: 'field dictionary',
      fromFact: 'sample fact',
      fromDocument: 'used in this document',
    },
  },
  zh: {
    editorLabel: 'ERDL 规则文档编辑器',
    loading: '正在加载编辑器…',
    loadFailed: '编辑器加载失败：{detail}',
    retry: '重试',
    noDocument: '尚未打开文档。',
    monacoLangNote: '编辑器自带的菜单、查找框和命令面板仍为英文，重新载入页面后切换为中文。',
    schemaUnavailable: 'ERDL 模式文件加载失败（{detail}），模式补全已关闭；内核仍会检查文档。',
    causedMore: editorHelpStrings.zh.causedMore,
    fix: {
      dialogTitleWith: '预览快速修复：{title}',
      action: '{title}（{code}）',
      diffLabel: '修复带来的改动：左侧为当前文本，右侧为修复后的文本',
      originalLabel: '当前文本（只读）',
      modifiedLabel: '修复后的文本（只读）',
      apply: '应用',
      cancel: '取消',
      stale: '提出此修复后文档已有改动，该修复不再适用。请关闭后从当前诊断中重新选择修复。',
      invalid: '此修复与当前文本不符（编辑位置超出范围），未做任何改动。',
      code: '诊断 {code}',
    },
    hover: editorHelpStrings.zh.hover,
    operand: editorHelpStrings.zh.operand,
    completion: {
      fromDictionary: '字段词典',
      fromFact: '样例事实',
      fromDocument: '本文档已用',
    },
  },
});

export type EditorStrings = (typeof editorStrings)['zh'];
