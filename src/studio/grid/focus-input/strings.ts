import { defineStrings } from '../../i18n/i18n';

/** The grid's focus input: what a screen reader hears on a selected cell (issue 36 §2). */
export const focusInputStrings = defineStrings({
  en: {
    /** The selected cell's name ("Row 2, credit score") and what it shows. */
    label: '{cell}: {text}',
    empty: '{cell}: empty',
  },
  zh: {
    label: '{cell}：{text}',
    empty: '{cell}：空',
  },
});
