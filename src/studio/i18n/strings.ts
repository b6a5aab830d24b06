import { defineStrings } from './i18n';

/** How a time is shown (time.ts): date, time of day and the zone's offset. */
export const timeStrings = defineStrings({
  en: {
    time: '{day} {month} {year}, {hm} ({offset})',
    zoneNote: 'Times are shown in {zone} ({offset}).',
  },
  zh: {
    time: '{year}年{month}月{day}日 {hm}（{offset}）',
    zoneNote: '时间按 {zone} 时区显示（{offset}）。',
  },
});
